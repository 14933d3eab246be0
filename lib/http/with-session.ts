import { noteTeam, requestIdOf } from "../log/request-context";
import { signedInUser } from "../auth/auth";
import { ApiError } from "../errors";
import { clientAddress } from "../request/server-headers";
import { sessionTeamAccess } from "../teams/session-team";
import { type TeamAccess, type TeamAction, authorize } from "../teams/permissions";
import { errorResponse, withHeaders } from "./respond";

export type SessionContext<P> = { req: Request; access: TeamAccess; params: P; requestId: string };
type Handler<P> = (ctx: SessionContext<P>) => Promise<Response>;
type RouteContext<P> = { params: Promise<P> };

/**
 * The dashboard's own route handlers (the upload with its progress bar, CSV exports): the signed-in
 * member from the session cookie, in the session's team, allowed the route's action by their role
 * there (403 `forbidden` otherwise), and errors in the same envelope as the API's.
 */
export function withSession<P = Record<string, never>>(options: { can: TeamAction }, handler: Handler<P>) {
  return async (req: Request, context: RouteContext<P>): Promise<Response> => {
    const requestId = requestIdOf();
    const base = { "X-Request-Id": requestId, "Cache-Control": "no-store" };
    try {
      const user = await signedInUser();
      if (!user) throw new ApiError("unauthorized", "Your session has ended. Sign in again.");
      const membership = await sessionTeamAccess(user, user.sessionId);
      noteTeam(membership.teamId);
      const access = authorize({ ...membership, keyAccess: null, apiKeyId: null, address: clientAddress(req) }, options.can);
      const response = await handler({ req, access, params: await context.params, requestId });
      // A handler may say how its answer is cached (a page's thumbnail); otherwise nothing is.
      return withHeaders(response, response.headers.has("Cache-Control") ? { "X-Request-Id": requestId } : base);
    } catch (error) {
      return errorResponse(error, requestId, base);
    }
  };
}
