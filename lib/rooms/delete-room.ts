import { type AuditActor, recordAudit } from "../audit/record-audit";
import { notFound } from "../errors";
import { db } from "../db/client";
import type { Room } from "../generated/prisma/client";
import { now } from "../time";

/** Soft delete: the room leaves lists and its codes stop opening it; its folders, documents and links stay with the row. */
export async function deleteRoom(by: AuditActor, room: Room): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.room.updateMany({ where: { id: room.id, deletedAt: null }, data: { deletedAt: now() } });
    if (count === 0) throw notFound("Room");
    await recordAudit(tx, by, { action: "room.deleted", target: { id: room.id, label: room.name }, details: { code: room.code } });
  });
}
