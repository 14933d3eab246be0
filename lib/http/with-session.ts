import { randomUUID } from "node:crypto";
import { auth } from "../auth/auth";
import { ApiError } from "../errors";
import { errorResponse, withHeaders } from "./respond";

export type SessionContext<P> = { req: Request; userId: string; params: P; requestId: string };
type Handler<P> = (ctx: SessionContext<P>) => Promise<Response>;
type RouteContext<P> = { params: Promise<P> };

/**
 * The dashboard's own route handlers (the upload with its progress bar, CSV exports): the signed-in
 * owner from the session cookie, and errors in the same envelope as the API's.
 */
export function withSession<P = Record<string, never>>(handler: Handler<P>) {
  return async (req: Request, context: RouteContext<P>): Promise<Response> => {
    const requestId = randomUUID();
    const base = { "X-Request-Id": requestId, "Cache-Control": "no-store" };
    try {
      const userId = (await auth())?.user?.id;
      if (!userId) throw new ApiError("unauthorized", "Your session has ended. Sign in again.");
      const response = await handler({ req, userId, params: await context.params, requestId });
      // A handler may say how its answer is cached (a page's thumbnail); otherwise nothing is.
      return withHeaders(response, response.headers.has("Cache-Control") ? { "X-Request-Id": requestId } : base);
    } catch (error) {
      return errorResponse(error, requestId, base);
    }
  };
}
