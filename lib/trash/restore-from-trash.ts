import type { AuditActor } from "../audit/record-audit";
import { restoreDocument } from "../documents/restore-document";
import { restoreRoom } from "../rooms/restore-room";
import type { TrashTarget } from "../schemas/trash";

/** Restores a document or a room of the team's Trash; 404 when it is not there. */
export async function restoreFromTrash(by: AuditActor, target: TrashTarget): Promise<void> {
  if (target.kind === "document") await restoreDocument(by, target.id);
  else await restoreRoom(by, target.id);
}
