import { noteTeam, requestIdOf } from "../log/request-context";
import { authenticateApiKey } from "../auth/api-keys";
import { ApiError } from "../errors";
import { consumeRateLimit, rateLimitHeaders, type RateLimitState } from "../rate-limit";
import { clientAddress } from "../request/server-headers";
import { type TeamAccess, type TeamAction, authorize } from "../teams/permissions";
import { errorResponse, withHeaders } from "./respond";

/** `access`: the key's team and its maker's role there now (empty on the public route). */
export type ApiContext<P> = { req: Request; access: TeamAccess; params: P; requestId: string };
type Handler<P> = (ctx: ApiContext<P>) => Promise<Response>;
type RouteContext<P> = { params: Promise<P> };

function bearerKey(req: Request): string | null {
  const header = req.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * Every /api/v1 route goes through this: bearer key → team and role, the per-minute rate limit (per
 * key, or per client IP without a valid key), the role's permission for the route's action (403
 * `forbidden`), the handler, errors in the contract's envelope, and the rate-limit headers on every
 * response, errors included. With `{ public: true }` (the OpenAPI document) no key is needed and
 * the limit is per client IP.
 */
export function withApiKey<P = Record<string, never>>(options: { public: true } | { can: TeamAction }, handler: Handler<P>) {
  return async (req: Request, context: RouteContext<P>): Promise<Response> => {
    const requestId = requestIdOf();
    const base: Record<string, string> = { "X-Request-Id": requestId, "Cache-Control": "no-store" };
    let limit: RateLimitState | undefined;
    try {
      const isPublic = "public" in options;
      const key = isPublic ? null : bearerKey(req);
      const account = key ? await authenticateApiKey(key) : null;
      limit = await consumeRateLimit(account ? `key:${account.apiKeyId}` : `ip:${clientAddress(req)}`);
      if (!limit.allowed) {
        throw new ApiError("rate_limited", `Rate limit of ${limit.limit} requests per minute exceeded. Retry in ${limit.retryAfter} s.`);
      }
      if (!account && !isPublic) {
        throw new ApiError(
          "unauthorized",
          key ? "The API key is invalid or has been revoked." : "Missing API key. Send it as: Authorization: Bearer <API_KEY>.",
          // RFC 9110: a 401 names the scheme it wants (MCP clients read it).
          { headers: { "WWW-Authenticate": "Bearer" } },
        );
      }
      if (account) noteTeam(account.teamId);
      if (account && "can" in options) authorize(account, options.can);
      const access: TeamAccess = account
        ? {
            teamId: account.teamId,
            userId: account.userId,
            role: account.role,
            keyAccess: account.keyAccess,
            apiKeyId: account.apiKeyId,
            address: clientAddress(req),
          }
        : { teamId: "", userId: "", role: "member", keyAccess: "read", apiKeyId: null, address: clientAddress(req) };
      const response = await handler({ req, access, params: await context.params, requestId });
      return withHeaders(response, { ...base, ...rateLimitHeaders(limit) });
    } catch (error) {
      return errorResponse(error, requestId, { ...base, ...(limit ? rateLimitHeaders(limit) : {}) });
    }
  };
}
