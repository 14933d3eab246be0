import { notFound } from "../errors";
import { db } from "../db/client";
import type { Room, RoomLink } from "../generated/prisma/client";

/** One of the room's links by its code; 404 for a deleted link and for a code of another room's, whoever holds it. */
export async function findRoomLink(room: Room, code: string): Promise<RoomLink> {
  const link = await db.roomLink.findUnique({ where: { code } });
  if (!link || link.roomId !== room.id || link.deletedAt) throw notFound("Link");
  return link;
}
