import { type AuditActor, recordAudit } from "../audit/record-audit";
import { notFound } from "../errors";
import { db } from "../db/client";
import type { Room, RoomLink } from "../generated/prisma/client";
import { now } from "../time";
import { lockRoom } from "./lock-room";

/** Soft delete: the link's code stops opening the room, and the visits made through it keep naming it. */
export async function deleteRoomLink(by: AuditActor, room: Room, link: RoomLink): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockRoom(tx, room.id);
    const { count } = await tx.roomLink.updateMany({ where: { id: link.id, deletedAt: null }, data: { deletedAt: now() } });
    if (count === 0) throw notFound("Link");
    await recordAudit(tx, by, {
      action: "room.link_deleted",
      target: { id: room.id, label: room.name },
      details: { link: { code: link.code, name: link.name } },
    });
  });
}
