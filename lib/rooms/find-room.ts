import { notFound } from "../errors";
import { db } from "../db/client";
import type { Room } from "../generated/prisma/client";

/** The team's room by id; 404 for a deleted room and for another team's, as for documents. */
export async function findOwnedRoom(teamId: string, id: string): Promise<Room> {
  const room = await db.room.findUnique({ where: { id } });
  if (!room || room.teamId !== teamId || room.deletedAt) throw notFound("Room");
  return room;
}
