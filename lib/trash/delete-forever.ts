import type { AuditActor } from "../audit/record-audit";
import { purgeDocument } from "../documents/purge-document";
import { notFound } from "../errors";
import { purgeRoom } from "../rooms/purge-room";
import type { TrashTarget } from "../schemas/trash";
import { now } from "../time";

/** "Delete forever": a document or room of the team's Trash deleted for good now, however long it has been there; 404 when it is not there. */
export async function deleteForever(by: AuditActor, target: TrashTarget): Promise<void> {
  const purged = target.kind === "document" ? await purgeDocument(by, target.id, now()) : await purgeRoom(by, target.id, now());
  if (!purged) throw notFound(target.kind === "document" ? "Document" : "Room");
}
