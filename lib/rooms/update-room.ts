import { type AuditActor, fieldChanges, recordAudit } from "../audit/record-audit";
import { db } from "../db/client";
import type { Prisma, Room } from "../generated/prisma/client";
import type { RoomUpdate } from "../schemas/rooms";
import { lockRoom } from "./lock-room";
import { mergedRoomSettings, roomSettings, sentSettings } from "./room-settings";

/** What a room's change is recorded as: the API's names and values, whether a password is set (never its hash). */
const auditedFields = (room: Room) => ({ name: room.name, description: room.description, ...roomSettings(room) });

/**
 * Renames a room, changes its description, merges settings into its own: a setting sent replaces
 * the room's, one left out stays. The password is hashed before the room is locked; the merge is
 * made under the lock, onto what the room holds then.
 */
export async function updateRoom(by: AuditActor, room: Room, update: RoomUpdate): Promise<Room> {
  const sent = update.settings && (await sentSettings(update.settings));
  return db.$transaction(async (tx) => {
    const current = await lockRoom(tx, room.id);
    const data: Prisma.RoomUpdateInput = {
      ...(update.name !== undefined && { name: update.name }),
      ...(update.description !== undefined && { description: update.description }),
      ...(sent && { settings: mergedRoomSettings(current, sent) as Prisma.JsonObject }),
      ...(sent?.passwordHash !== undefined && { passwordHash: sent.passwordHash }),
    };
    const updated = await tx.room.update({ where: { id: room.id }, data });
    const changes = fieldChanges(auditedFields(current), auditedFields(updated));
    const passwordReplaced = typeof sent?.passwordHash === "string" && current.passwordHash !== null;
    if (changes || passwordReplaced)
      await recordAudit(tx, by, {
        action: "room.updated",
        target: { id: updated.id, label: updated.name },
        details: { changes: { ...changes, ...(passwordReplaced && { password: { from: "set", to: "replaced" } }) } },
      });
    return updated;
  });
}
