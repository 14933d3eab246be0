import type { z } from "zod";
import { db } from "../db/client";
import type { Room } from "../generated/prisma/client";
import { pagination } from "../schemas/common";
import type { roomLinkListSchema } from "../schemas/rooms";
import { serializeRoomLink } from "./serialize-room-link";

/** The room's links that are not deleted, newest first. */
export async function listRoomLinks(room: Room, page: number, perPage: number): Promise<z.input<typeof roomLinkListSchema>> {
  const where = { roomId: room.id, deletedAt: null };
  const [links, total] = await Promise.all([
    db.roomLink.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "asc" }], skip: (page - 1) * perPage, take: perPage }),
    db.roomLink.count({ where }),
  ]);
  return { links: links.map((link) => serializeRoomLink(link, room)), pagination: pagination(page, perPage, total) };
}
