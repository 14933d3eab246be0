import { randomUUID } from "node:crypto";
import { config } from "../config";
import { ApiError } from "../errors";
import { rateLimitHeaders, type RateLimitState } from "../rate-limit";
import type { Link } from "../generated/prisma/client";
import type { SharedDocument } from "../links/shared-document";
import { clientAddress } from "../request/server-headers";
import type { Access } from "../viewer/access";
import { newViewerAllowance, type ViewerDoor } from "../viewer/limits";
import { openDoor } from "../viewer/open-door";
import { grantHolderOf, viewerAccess } from "./viewer-request-context";
import { hasNulCharacter, NUL_MESSAGE } from "../request/nul-characters";
import { readJsonBody } from "./parse";
import { errorResponse, withHeaders } from "./respond";

export type ViewerContext = {
  req: Request;
  /** The document with the opened link's settings applied (its own settings for its own short code). */
  doc: SharedDocument;
  /** The link the code names; null for the document's own short code. */
  link: Link | null;
  access: Access;
  /** The parsed JSON body of a POST (bounded by `maxBody`); undefined for GET. */
  body: unknown;
  /** The client's address, as limits count it. */
  address: string;
  /**
   * Whether this request may add a new reader to the document (counts one against the hourly cap
   * per address). Past the cap the reader still reads; nothing is recorded.
   */
  mayAddViewer: () => Promise<boolean>;
};

type Handler = (ctx: ViewerContext) => Promise<Response>;
type RouteContext = { params: Promise<{ code: string }> };

/**
 * Every public route of a share link goes through this, as every API route goes through
 * withApiKey: cross-site POSTs refused, the per-address limit (before the code is even looked up,
 * so guessing codes is limited too), the document or link (404 unknown or disabled, 410 deleted or
 * expired), the per-document limit (not for readers holding a grant), the reader's access from
 * signed cookies checked against the rules as they are now, the bounded body, and
 * errors in the envelope with Retry-After and rate-limit headers.
 */
export function withShareLink(doorName: Exclude<ViewerDoor, "page">, handler: Handler, options: { maxBody?: number } = {}) {
  return async (req: Request, context: RouteContext): Promise<Response> => {
    const requestId = randomUUID();
    let state: RateLimitState | undefined;
    try {
      if (isCrossSite(req)) throw new ApiError("forbidden", "Requests from other sites are not accepted.");
      const address = clientAddress(req);
      const { code } = await context.params;
      const door = await openDoor(doorName, code, address, undefined, await grantHolderOf(code));
      state = door.byAddress;
      if (!state.allowed) throw tooMany(state);
      if (door.found?.state === "gone") throw new ApiError("not_found", "This document is no longer available.", { status: 410 });
      if (door.found?.state === "expired") throw new ApiError("not_found", "This link has expired.", { status: 410 });
      if (door.found?.state === "disabled") throw new ApiError("not_found", "This link is not available.");
      if (door.found?.state !== "active") throw new ApiError("not_found", "This document is not available.");
      const { doc } = door.found;
      if (door.byDocument && !door.byDocument.allowed) throw tooMany(door.byDocument);
      const access = await viewerAccess(doc);
      const body = options.maxBody === undefined ? undefined : await readJsonBody(req, options.maxBody);
      if (hasNulCharacter(body)) throw new ApiError("bad_request", NUL_MESSAGE);
      const response = await handler({
        req,
        doc,
        link: doc.link,
        access,
        body,
        address,
        mayAddViewer: newViewerAllowance(doc.id, address),
      });
      return withHeaders(response, { "X-Request-Id": requestId, ...rateLimitHeaders(state) });
    } catch (error) {
      return errorResponse(error, requestId, { "X-Request-Id": requestId, ...(state ? rateLimitHeaders(state) : {}) });
    }
  };
}

export function tooMany(state: RateLimitState): ApiError {
  return new ApiError("rate_limited", `Too many requests. Try again in ${state.retryAfter} seconds.`, { headers: rateLimitHeaders(state) });
}

/**
 * Browsers always send Origin with a POST; one naming another site means another site is
 * submitting a gate or beacon in this reader's name. Requests without Origin are not from a
 * browser page and gain nothing a script could not do anyway.
 */
export function isCrossSite(req: Request): boolean {
  if (req.method === "GET" || req.method === "HEAD") return false;
  const origin = req.headers.get("origin");
  if (origin === null) return false;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return true;
  }
  return host !== new URL(config().APP_URL).host && host !== req.headers.get("host");
}
