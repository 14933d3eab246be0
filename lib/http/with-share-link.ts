import { noteTeam, requestIdOf } from "../log/request-context";
import { isbot } from "isbot";
import { config } from "../config";
import { ApiError } from "../errors";
import { rateLimitHeaders, type RateLimitState } from "../rate-limit";
import type { Link } from "../generated/prisma/client";
import type { SharedDocument } from "../links/shared-document";
import { clientAddress } from "../request/server-headers";
import type { Access } from "../viewer/grants/access";
import { newViewerAllowance, type ViewerDoor } from "../viewer/doors/limits";
import { type DoorRefusal, foundRefusal, tooManyRequests } from "../viewer/doors/door-refusal";
import { openDoor } from "../viewer/doors/open-door";
import { findRoomAt, openRoomDocumentDoor } from "../viewer/doors/open-room-door";
import type { RoomShare } from "../viewer/rooms/public-room";
import { browserId, grantHolderOf, viewerAccess } from "./viewer-request-context";
import { withRoomReader } from "../viewer/rooms/room-reader";
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

/** What a door that also answers for a room's own code (its gate's forms) gets for one. */
export type RoomViewerContext = { req: Request; share: RoomShare; access: Access; body: unknown; address: string };
type RoomHandler = (ctx: RoomViewerContext) => Promise<Response>;

/** `doc`: the document's code in `/s/<room code>/<document code>/…`, a document read in a room. */
type RouteContext = { params: Promise<{ code: string; doc?: string }> };

/**
 * Every public route of a share link goes through this, as every API route goes through
 * withApiKey: cross-site POSTs refused, the per-address limit (before the code is even looked up,
 * so guessing codes is limited too), the document or link (404 unknown or disabled, 410 deleted or
 * expired), the per-document limit (not for readers holding a grant), the reader's access from
 * signed cookies checked against the rules as they are now, the bounded body, and
 * errors in the envelope with Retry-After and rate-limit headers.
 */
export function withShareLink(
  doorName: Exclude<ViewerDoor, "page">,
  handler: Handler,
  options: { maxBody?: number; room?: RoomHandler } = {},
) {
  return async (req: Request, context: RouteContext): Promise<Response> => {
    const requestId = requestIdOf();
    let state: RateLimitState | undefined;
    try {
      if (isCrossSite(req)) throw new ApiError("forbidden", "Requests from other sites are not accepted.");
      const address = clientAddress(req);
      const { code, doc: documentCode } = await context.params;
      const holder = await grantHolderOf(code);
      const door =
        documentCode === undefined
          ? await openDoor(doorName, code, address, undefined, holder)
          : await openRoomDocumentDoor(doorName, code, documentCode, address, holder);
      state = door.byAddress;
      if (!state.allowed) throw refusalError(tooManyRequests(state));
      if (door.found?.state === "missing" && documentCode === undefined && options.room) {
        const response = await answerForRoom(doorName, code, holder, req, address, options.room, options.maxBody);
        return withHeaders(response, { "X-Request-Id": requestId, ...rateLimitHeaders(state) });
      }
      const found = door.found ?? ({ state: "missing" } as const);
      if (found.state !== "active") throw refusalError(foundRefusal(found.state));
      const { doc } = found;
      noteTeam(doc.teamId);
      if (door.byDocument && !door.byDocument.allowed) throw refusalError(tooManyRequests(door.byDocument));
      const access = await readerAccess(doorName, doc, req, address);
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

/**
 * The reader's access; at the doors that record a read (beacons, downloads), a reader of a document
 * in a room is recorded as that document's viewer first (lib/viewer/rooms/room-reader.ts).
 */
async function readerAccess(doorName: ViewerDoor, doc: SharedDocument, req: Request, address: string): Promise<Access> {
  const access = await viewerAccess(doc);
  if (!doc.room || (doorName !== "track" && doorName !== "download") || isbot(req.headers.get("user-agent"))) return access;
  return withRoomReader(doc, access, await browserId(), address);
}

/** A room's own code at a door that answers for rooms: the room's state answered as a document's, its budget, its access. */
async function answerForRoom(
  doorName: ViewerDoor,
  code: string,
  holder: string | null,
  req: Request,
  address: string,
  handler: RoomHandler,
  maxBody: number | undefined,
): Promise<Response> {
  const found = await findRoomAt(doorName, code, holder);
  // A disabled room link is answered as an unknown code.
  if (found.state !== "active") throw refusalError(foundRefusal(found.state === "disabled" ? "missing" : found.state, "room"));
  if (found.byRoom && !found.byRoom.allowed) throw refusalError(tooManyRequests(found.byRoom, "room"));
  const access = await viewerAccess(found.share);
  const body = maxBody === undefined ? undefined : await readJsonBody(req, maxBody);
  if (hasNulCharacter(body)) throw new ApiError("bad_request", NUL_MESSAGE);
  return handler({ req, share: found.share, access, body, address });
}

/** A door's refusal as the error envelope. */
function refusalError(refusal: DoorRefusal): ApiError {
  if (refusal.limit) return new ApiError("rate_limited", refusal.message, { headers: rateLimitHeaders(refusal.limit) });
  return new ApiError("not_found", refusal.message, { status: refusal.status });
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
