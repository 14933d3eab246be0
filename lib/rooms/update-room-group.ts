import type { z } from "zod";
import { type AuditActor, fieldChanges, recordAudit } from "../audit/record-audit";
import { notFound } from "../errors";
import { db } from "../db/client";
import type { Room, RoomGroup } from "../generated/prisma/client";
import type { RoomGroupUpdate, roomGroupSchema } from "../schemas/room-groups";
import { accessTargets } from "./group-access-input";
import { lockRoom } from "./lock-room";
import { roomGroupEntry } from "./serialize-room-group";

/**
 * Renames a group, changes its default, and merges the levels sent into its own: each entry sets its
 * folder's or document's level, or with null lets it inherit again. Readers of the group's links
 * meet the change at their next request.
 */
export async function updateRoomGroup(
  by: AuditActor,
  room: Room,
  group: RoomGroup,
  update: RoomGroupUpdate,
): Promise<z.input<typeof roomGroupSchema>> {
  return db.$transaction(async (tx) => {
    await lockRoom(tx, room.id);
    if (!(await tx.roomGroup.findUnique({ where: { id: group.id } }))) throw notFound("Group");
    const before = await roomGroupEntry(room.id, group.id, tx);
    const targets = await accessTargets(tx, room.id, update.access ?? []);
    await tx.roomGroup.update({
      where: { id: group.id },
      data: {
        ...(update.name !== undefined && { name: update.name }),
        ...(update.default_access !== undefined && { defaultAccess: update.default_access }),
      },
    });
    if (targets.length > 0) {
      await tx.roomGroupAccess.deleteMany({
        where: {
          groupId: group.id,
          OR: [
            { folderId: { in: targets.flatMap((target) => (target.folderId ? [target.folderId] : [])) } },
            { documentId: { in: targets.flatMap((target) => (target.documentId ? [target.documentId] : [])) } },
          ],
        },
      });
      await tx.roomGroupAccess.createMany({
        data: targets.flatMap(({ level, ...target }) => (level === null ? [] : [{ groupId: group.id, ...target, level }])),
      });
    }
    const after = await roomGroupEntry(room.id, group.id, tx);
    const changes = fieldChanges(
      { name: before.name, default_access: before.default_access, access: before.access },
      { name: after.name, default_access: after.default_access, access: after.access },
    );
    if (changes) {
      await recordAudit(tx, by, {
        action: "room.group_updated",
        target: { id: room.id, label: room.name },
        details: { group: { id: group.id, name: after.name }, changes },
      });
    }
    return after;
  });
}
