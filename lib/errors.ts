/**
 * The error codes of SPEC.md (plus payload_too_large from DECISIONS.md, and service_unavailable
 * when the server is briefly too busy to take a job) and their HTTP statuses.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  payload_too_large: 413,
  validation_error: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** An error a client can act on. The API wrapper is the only place that turns it into a response. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    status?: number,
    /** Headers the answer carries, such as Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status ?? ERROR_STATUS[code];
  }
}

export const notFound = (what = "Document") => new ApiError("not_found", `${what} not found`);

export type ErrorBody = { error: { code: string; message: string } };

export function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}
