import { type NextRequest, NextResponse } from "next/server";
import { REQUESTED_PATH_HEADER } from "@/lib/auth/callback-path";
import { refuseServerAction } from "@/lib/http/server-action-request";
import { answerSharePage } from "@/lib/http/share-page-door";

/**
 * The share link's page is answered at its door (lib/http/share-page-door.ts: limits, refusals,
 * the hand-over to the page). Dashboard pages only get the path they asked for stamped on the request.
 * Server action calls, on any page, are checked first (lib/http/server-action-request.ts).
 */
export async function proxy(request: NextRequest) {
  if (request.method === "POST" && request.headers.has("next-action")) {
    const refused = await refuseServerAction(request);
    if (refused) return refused;
  }
  const path = request.nextUrl.pathname;
  if (!path.startsWith("/s/")) return rememberRequestedPath(request);
  return answerSharePage(request, path);
}

export const config = {
  matcher: [
    "/s/:code",
    "/s/:code/:doc",
    "/overview",
    "/documents/:path*",
    "/trash",
    "/questions",
    "/settings/:path*",
    { source: "/((?!api/|_next/).*)", has: [{ type: "header", key: "next-action" }] },
  ],
};

/** Dashboard pages: tell `requireUser` what was asked for, so signing in can return there. */
function rememberRequestedPath(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set(REQUESTED_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.next({ request: { headers } });
}
