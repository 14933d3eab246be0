import { type AuditActor, recordAudit } from "../audit/record-audit";
import { notFound } from "../errors";
import { db } from "../db/client";
import type { Room } from "../generated/prisma/client";

/**
 * Takes a room out of the team's Trash as it was: its codes open it again, with its folders, its
 * documents (those not in the Trash themselves) and its links. 404 when the team has no such room
 * in the Trash. `id` must be a UUID (the adapters parse it).
 */
export async function restoreRoom(by: AuditActor, id: string): Promise<Room> {
  return db.$transaction(async (tx) => {
    const [room] = await tx.room.updateManyAndReturn({
      where: { id, teamId: by.teamId, deletedAt: { not: null } },
      data: { deletedAt: null, deletedById: null },
    });
    if (!room) throw notFound("Room");
    await recordAudit(tx, by, { action: "room.restored", target: { id: room.id, label: room.name }, details: { code: room.code } });
    return room;
  });
}
