import type { z } from "zod";
import { db } from "../db/client";
import { pagination } from "../schemas/common";
import type { roomListSchema } from "../schemas/rooms";
import { serializeRoom } from "./serialize-room";

/** The team's rooms that are not deleted, newest first, each with how many documents it holds. */
export async function listRooms(teamId: string, page: number, perPage: number): Promise<z.input<typeof roomListSchema>> {
  const where = { teamId, deletedAt: null };
  const [rooms, total] = await Promise.all([
    db.room.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: (page - 1) * perPage,
      take: perPage,
      include: { _count: { select: { documents: { where: { document: { deletedAt: null } } } } } },
    }),
    db.room.count({ where }),
  ]);
  return { rooms: rooms.map((room) => serializeRoom(room, room._count.documents)), pagination: pagination(page, perPage, total) };
}
