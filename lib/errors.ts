import type { z } from "zod";

/**
 * The error codes of docs/api-contract.md (plus payload_too_large from docs/contract-decisions.md,
 * and service_unavailable when the server is briefly too busy to take a job) and their statuses.
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

/** A problem per input field, keyed by the field's name as the client sent it (`settings.gate_page`). */
export type FieldProblems = Record<string, string>;

type ApiErrorOptions = {
  /** When the code's usual status does not fit (410 for a deleted document, 405 for a method). */
  status?: number;
  /** Headers the answer carries, such as Retry-After. */
  headers?: Record<string, string>;
  /** For validation errors: which fields were wrong, so forms can mark them without reading the message. */
  fields?: FieldProblems;
};

/** An error a client can act on. lib/http/respond.ts is the only place that turns it into a response. */
export class ApiError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly fields: FieldProblems | undefined;
  constructor(
    readonly code: ErrorCode,
    message: string,
    options: ApiErrorOptions = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = options.status ?? ERROR_STATUS[code];
    this.headers = options.headers ?? {};
    this.fields = options.fields;
  }
}

export const notFound = (what = "Document") => new ApiError("not_found", `${what} not found`);

type InvalidInputOptions = {
  /** 400 for query parameters, 422 (the default) for fields. */
  code?: "bad_request" | "validation_error";
  /**
   * `fields` (the default): every problem, each after the field it names, for API clients.
   * `sentence`: the first problem alone, as a form shows it to a person (the reader's gate).
   */
  wording?: "fields" | "sentence";
};

/**
 * The one way a zod failure becomes the envelope's error, wherever input is parsed (the API's
 * parsers, the viewer's forms and beacons, the dashboard's forms): the message, and each field's
 * first problem in `fields`.
 */
export function invalidInput(error: z.ZodError, { code = "validation_error", wording = "fields" }: InvalidInputOptions = {}): ApiError {
  const fields: FieldProblems = {};
  const messages = error.issues.map((issue) => {
    const field = issue.path.join(".");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) fields[[...issue.path, key].join(".")] ??= "Unknown field";
    } else if (field && !(field in fields)) {
      fields[field] = issue.message;
    }
    return field && !issue.message.startsWith(field) ? `${field}: ${issue.message}` : issue.message;
  });
  const message = wording === "sentence" ? error.issues[0]!.message : messages.join("; ");
  return new ApiError(code, message, { fields });
}
