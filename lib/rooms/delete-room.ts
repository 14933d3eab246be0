import { recordAudit } from "../audit/record-audit";
import { notFound } from "../errors";
import { db } from "../db/client";
import type { Room } from "../generated/prisma/client";
import { type TeamAccess, authorizeDeletion } from "../teams/permissions";
import { now } from "../time";

/**
 * Puts the room in the Trash: it leaves lists and its codes answer 410, while its folders,
 * documents' places and links stay with the row for a restore (restore-room.ts) until the sweep.
 * A member deletes only the rooms they made; an admin any (403).
 */
export async function deleteRoom(by: TeamAccess, room: Room): Promise<void> {
  authorizeDeletion(by, room.createdById);
  await db.$transaction(async (tx) => {
    const { count } = await tx.room.updateMany({
      where: { id: room.id, deletedAt: null },
      data: { deletedAt: now(), deletedById: by.userId },
    });
    if (count === 0) throw notFound("Room");
    await recordAudit(tx, by, { action: "room.deleted", target: { id: room.id, label: room.name }, details: { code: room.code } });
  });
}
