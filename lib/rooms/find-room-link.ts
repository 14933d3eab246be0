import { notFound } from "../errors";
import { db } from "../db/client";
import type { Room, RoomLink } from "../generated/prisma/client";
import { parseShortCode } from "../documents/short-code";

/**
 * One of the room's links by its code; 404 for a deleted link, for a code of another room's, whoever
 * holds it, and for anything that cannot be a code (a NUL, an overlong or non-ASCII value) before
 * it reaches the database.
 */
export async function findRoomLink(room: Room, value: string): Promise<RoomLink> {
  const code = parseShortCode(value);
  const link = code ? await db.roomLink.findUnique({ where: { code } }) : null;
  if (!link || link.roomId !== room.id || link.deletedAt) throw notFound("Link");
  return link;
}
