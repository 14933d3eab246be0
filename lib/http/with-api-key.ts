import { randomUUID } from "node:crypto";
import { z } from "zod";
import { authenticateApiKey } from "../auth/api-keys";
import { clientAddress } from "../request/server-headers";
import { ApiError, errorBody } from "../errors";
import { hasNulCharacter, NUL_MESSAGE } from "../request/nul-characters";
import { BODY_LIMITS, readCappedText } from "../request/read-body";
import { consumeRateLimit, rateLimitHeaders, type RateLimitState } from "../rate-limit";

export type ApiContext<P> = { req: Request; userId: string; params: P; requestId: string };
type Handler<P> = (ctx: ApiContext<P>) => Promise<Response>;
type RouteContext<P> = { params: Promise<P> };

function bearerKey(req: Request): string | null {
  const header = req.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

function respond(status: number, body: unknown, headers: Record<string, string>): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { ...(body === null ? {} : { "Content-Type": "application/json; charset=utf-8" }), ...headers },
  });
}

export function errorResponse(error: unknown, requestId: string, headers: Record<string, string> = {}): Response {
  if (error instanceof ApiError) {
    return respond(error.status, errorBody(error.code, error.message), { ...headers, ...error.headers });
  }
  console.error(`[api] request ${requestId} failed:`, error);
  return respond(500, errorBody("internal_error", `Something went wrong on our side. Request id: ${requestId}`), headers);
}

/**
 * Every /api/v1 route goes through this: bearer key → account, the per-minute rate limit (per key,
 * or per client IP without a valid key), the handler, errors mapped to SPEC.md's envelope, and the
 * rate-limit headers on every response, errors included. With `{ public: true }` (the OpenAPI
 * document) no key is needed and the limit is per client IP.
 */
export function withApiKey<P = Record<string, never>>(handler: Handler<P>, options: { public?: boolean } = {}) {
  return async (req: Request, context: RouteContext<P>): Promise<Response> => {
    const requestId = randomUUID();
    const base: Record<string, string> = { "X-Request-Id": requestId, "Cache-Control": "no-store" };
    let limit: RateLimitState | undefined;
    try {
      const key = options.public ? null : bearerKey(req);
      const account = key ? await authenticateApiKey(key) : null;
      limit = await consumeRateLimit(account ? `key:${account.apiKeyId}` : `ip:${clientAddress(req)}`);
      const headers = { ...base, ...rateLimitHeaders(limit) };
      if (!limit.allowed) {
        throw new ApiError("rate_limited", `Rate limit of ${limit.limit} requests per minute exceeded. Retry in ${limit.retryAfter} s.`);
      }
      if (!account && !options.public) {
        throw new ApiError(
          "unauthorized",
          key ? "The API key is invalid or has been revoked." : "Missing API key. Send it as: Authorization: Bearer <API_KEY>.",
        );
      }
      const response = await handler({ req, userId: account?.userId ?? "", params: await context.params, requestId });
      for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
      return response;
    } catch (error) {
      return errorResponse(error, requestId, { ...base, ...(limit ? rateLimitHeaders(limit) : {}) });
    }
  };
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => respond(status, body, headers);
export const noContent = () => respond(204, null, {});

function describe(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.join(".");
      return field && !issue.message.startsWith(field) ? `${field}: ${issue.message}` : issue.message;
    })
    .join("; ");
}

/** Query parameters → typed values, or 400 bad_request naming the parameter (DECISIONS.md). */
export function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.infer<S> {
  const params = Object.fromEntries(new URL(req.url).searchParams);
  if (hasNulCharacter(params)) throw new ApiError("bad_request", NUL_MESSAGE);
  const result = schema.safeParse(params);
  if (!result.success) throw new ApiError("bad_request", describe(result.error));
  return result.data;
}

/** A JSON body → typed values; 400 for a body that is not JSON, 422 for invalid fields. */
export async function parseJsonBody<S extends z.ZodType>(schema: S, req: Request): Promise<z.infer<S>> {
  let body: unknown;
  try {
    const text = await readCappedText(req, BODY_LIMITS.apiJson);
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError("bad_request", "The request body is not valid JSON.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ApiError("validation_error", "The request body must be a JSON object.");
  }
  return parseFields(schema, body);
}

/** Validated fields, or 422 validation_error naming each bad field. */
export function parseFields<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  if (hasNulCharacter(input)) throw new ApiError("validation_error", NUL_MESSAGE);
  const result = schema.safeParse(input);
  if (!result.success) throw new ApiError("validation_error", describe(result.error));
  return result.data;
}
