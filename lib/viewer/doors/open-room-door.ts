import { consumeRateLimit, type RateLimitState } from "../../rate-limit";
import { findPublicRoom, type PublicRoom, roomDocument, type RoomShare } from "../rooms/public-room";
import { now } from "../../time";
import { parseShareCode } from "../../documents/short-code";
import type { PublicDocument } from "./find-public-document";
import { VIEWER_LIMITS, type ViewerDoor } from "./limits";
import type { OpenedDoor } from "./open-door";

/**
 * Rooms at the viewer's doors. The same budgets as documents' (open-door.ts): per client address,
 * under the same keys, so a room is no way round them, and per room for browsers holding no grant
 * for it. Rooms are looked up only after a code is not a document's or link's, or when the path
 * names a document inside a room, so documents' hot path is unchanged.
 */

/** A room's code at a door whose address was already counted (openDoor found no document): the room and its budget. */
export async function findRoomAt(
  door: ViewerDoor,
  code: string,
  holder: string | null,
  at = now(),
): Promise<PublicRoom & { byRoom?: RateLimitState }> {
  const parsed = parseShareCode(code);
  if (!parsed) return { state: "missing" };
  const found = await findPublicRoom(parsed);
  if (found.state !== "active") return found;
  const byRoom = await countPerRoom(door, found.share.id, holder, at);
  return byRoom ? { ...found, byRoom } : found;
}

/**
 * `/s/<room code>/<document code>` at a door: the address counted, then the room, then the document
 * in it with the room's rules (a document not in the room, or deleted, is not there: 404 and 410 as
 * for any code), then the room's budget. The answer is the one documents' doors give.
 */
export async function openRoomDocumentDoor(
  door: ViewerDoor,
  roomCode: string,
  documentCode: string,
  address: string,
  holder: string | null,
  at = now(),
): Promise<OpenedDoor> {
  const limits = VIEWER_LIMITS[door];
  const byAddress = await consumeRateLimit(`${door}:address:${address}`, at, limits.perAddress, limits.windowSeconds);
  if (!byAddress.allowed) return { byAddress };
  const room = await findRoomAt(door, roomCode, holder, at);
  const parsedDocument = parseShareCode(documentCode);
  const found: PublicDocument = room.state === "active" ? await documentIn(room.share, parsedDocument) : { state: room.state };
  return { byAddress, found, ...(room.byRoom && { byDocument: room.byRoom }) };
}

async function documentIn(share: RoomShare, documentCode: string | null): Promise<PublicDocument> {
  if (!documentCode) return { state: "missing" };
  const doc = await roomDocument(share, documentCode);
  return doc ? { state: "active", doc } : { state: "missing" };
}

async function countPerRoom(door: ViewerDoor, roomId: string, holder: string | null, at: Date): Promise<RateLimitState | undefined> {
  const limits = VIEWER_LIMITS[door];
  if (limits.perDocument === null || holder === roomId) return undefined;
  return consumeRateLimit(`${door}:document:${roomId}`, at, limits.perDocument, limits.windowSeconds);
}
