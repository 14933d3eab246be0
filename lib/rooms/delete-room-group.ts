import { type AuditActor, recordAudit } from "../audit/record-audit";
import { notFound } from "../errors";
import { db } from "../db/client";
import type { Room, RoomGroup } from "../generated/prisma/client";
import { now } from "../time";
import { lockRoom } from "./lock-room";

/**
 * Deletes a group and, with it, its links (soft, as a link's DELETE): a link never falls back to the
 * whole room because its group went away.
 */
export async function deleteRoomGroup(by: AuditActor, room: Room, group: RoomGroup): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockRoom(tx, room.id);
    const links = await tx.roomLink.findMany({ where: { groupId: group.id, deletedAt: null }, select: { code: true, name: true } });
    await tx.roomLink.updateMany({ where: { groupId: group.id, deletedAt: null }, data: { deletedAt: now() } });
    const { count } = await tx.roomGroup.deleteMany({ where: { id: group.id } });
    if (count === 0) throw notFound("Group");
    await recordAudit(tx, by, {
      action: "room.group_deleted",
      target: { id: room.id, label: room.name },
      details: { group: { id: group.id, name: group.name }, links },
    });
  });
}
