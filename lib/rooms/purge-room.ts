import { type AuditActor, recordAudit } from "../audit/record-audit";
import { db } from "../db/client";

/**
 * Deletes a room of the team's Trash for good, if it has been there since `deletedBefore` or
 * earlier: its row, folders, links and leads, in the transaction of its audit entry. Its documents
 * stay in the team's library, and their analytics keep the visits made in the room (without the
 * room). A room stores no files. False when a restore or another purge got there first.
 */
export async function purgeRoom(by: AuditActor, id: string, deletedBefore: Date, details: Record<string, unknown> = {}): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const [room] = await tx.$queryRaw<Array<{ name: string; code: string }>>`
      DELETE FROM rooms WHERE id = ${id}::uuid AND team_id = ${by.teamId}::uuid AND deleted_at <= ${deletedBefore}
      RETURNING name, code`;
    if (!room) return false;
    await recordAudit(tx, by, { action: "room.purged", target: { id, label: room.name }, details: { code: room.code, ...details } });
    return true;
  });
}
