import { randomUUID } from "node:crypto";
import { authenticateApiKey } from "../auth/api-keys";
import { ApiError } from "../errors";
import { consumeRateLimit, rateLimitHeaders, type RateLimitState } from "../rate-limit";
import { clientAddress } from "../request/server-headers";
import { errorResponse, withHeaders } from "./respond";

export type ApiContext<P> = { req: Request; userId: string; params: P; requestId: string };
type Handler<P> = (ctx: ApiContext<P>) => Promise<Response>;
type RouteContext<P> = { params: Promise<P> };

function bearerKey(req: Request): string | null {
  const header = req.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * Every /api/v1 route goes through this: bearer key → account, the per-minute rate limit (per key,
 * or per client IP without a valid key), the handler, errors in the contract's envelope, and the
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
      return withHeaders(response, { ...base, ...rateLimitHeaders(limit) });
    } catch (error) {
      return errorResponse(error, requestId, { ...base, ...(limit ? rateLimitHeaders(limit) : {}) });
    }
  };
}
