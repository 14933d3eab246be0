import { type NextRequest, NextResponse } from "next/server";
import { rateLimitHeaders } from "../rate-limit";
import { isDatabaseBusy } from "../db/database-busy";
import { clientAddress } from "../request/server-headers";
import { grantHolderDocument, viewerCookies } from "../viewer/grants/access";
import { parseShareCode } from "../documents/short-code";
import { handOverFound, roomDocumentKey, SHARE_CODE_FOUND_HEADER } from "../viewer/doors/hand-over-found";
import { foundRefusal, type ShownRefusal, tooManyRequests } from "../viewer/doors/door-refusal";
import { openDoor } from "../viewer/doors/open-door";
import { findRoomAt, openRoomDocumentDoor } from "../viewer/doors/open-room-door";
import { sharePagePath } from "../viewer/doors/share-page-path";

/**
 * The share page's door, for proxy.ts: limited per client address and per document like the
 * viewer's other doors (with-share-link.ts); a deleted document, link or room answers HTTP 410 Gone
 * with a "no longer available" page and an expired one 410 with a "has expired" page, each naming
 * what the code opens (an App Router page cannot choose its status; notFound() is 404 only). What
 * the door found goes on to the page with the request (lib/viewer/doors/hand-over-found.ts), so a
 * page view looks its code up once.
 */
export async function answerSharePage(request: NextRequest, path: string): Promise<NextResponse> {
  // An action call aimed at one of the viewer's routes (/s/<code>/gate …) is not the page: its own door counts it.
  // The codes are read decoded, as the router hands them to the page.
  const sharePage = sharePagePath(path);
  if (!sharePage) return NextResponse.next();
  const { code, document: roomDocument } = sharePage;
  const holder = grantHolderDocument(viewerCookies(code, (name) => request.cookies.get(name)?.value));
  const address = clientAddress(request);
  const door = await (
    roomDocument ? openRoomDocumentDoor("page", code, roomDocument, address, holder) : openDoor("page", code, address, undefined, holder)
  ).catch((error: unknown) => {
    if (isDatabaseBusy(error)) return null;
    throw error;
  });
  if (door === null) return busyPage();
  if (!door.byAddress.allowed) return refusalPage(tooManyRequests(door.byAddress));
  if (door.found?.state === "missing" && !roomDocument) return roomPage(code, holder);
  if (door.found?.state === "gone" || door.found?.state === "expired") return refusalPage(foundRefusal(door.found.state));
  if (door.byDocument && !door.byDocument.allowed) return refusalPage(tooManyRequests(door.byDocument));
  const key = roomDocument ? roomDocumentKey(code, roomDocument) : parseShareCode(code);
  if (!key || !door.found) return NextResponse.next();
  const headers = new Headers(request.headers);
  headers.set(SHARE_CODE_FOUND_HEADER, handOverFound(key, door.found));
  return NextResponse.next({ request: { headers } });
}

/** A code that is no document's or link's may be a room's: answered as documents' are (the page looks the room up itself). */
async function roomPage(code: string, holder: string | null) {
  const found = await findRoomAt("page", code, holder).catch((error: unknown) => {
    if (isDatabaseBusy(error)) return null;
    throw error;
  });
  if (found === null) return busyPage();
  if (found.state === "gone" || found.state === "expired") return refusalPage(foundRefusal(found.state, "room"));
  if (found.byRoom && !found.byRoom.allowed) return refusalPage(tooManyRequests(found.byRoom, "room"));
  return NextResponse.next();
}

/**
 * A door's refusal as a page. Unknown and disabled codes are not refused here: the share page
 * itself renders its not-found page for them.
 */
const refusalPage = (refusal: ShownRefusal) =>
  page(refusal.status, refusal.title, refusal.explanation, refusal.limit ? rateLimitHeaders(refusal.limit) : {});

/** The database could not take the lookup: the reader tries again in a moment. */
const busyPage = () => page(503, "Too many people are opening documents right now", "Try again in a few seconds.", { "Retry-After": "2" });

function page(status: number, title: string, text: string, headers: Record<string, string> = {}) {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title} · Pagewise</title>
<style>body{margin:0;box-sizing:border-box;font-family:ui-sans-serif,system-ui,sans-serif;background:#f1f5f9;color:#0f172a;display:flex;min-height:100vh;align-items:center;justify-content:center;padding:24px}
.card{max-width:28rem;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:32px;text-align:center;box-shadow:0 1px 2px rgba(0,0,0,.05)}
h1{font-size:1.25rem;margin:0}p{color:#475569;margin:.5rem 0 0}</style></head>
<body><main class="card"><h1>${title}</h1><p>${text}</p></main></body></html>`;
  return new NextResponse(html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}
