import type { AuditActor } from "../audit/record-audit";
import { db, type Tx } from "../db/client";
import type { Document } from "../generated/prisma/client";
import type { UploadPlacementFields } from "../schemas/documents";
import { putInRoom } from "./add-room-document";
import { invalidField } from "./room-refusals";

/**
 * What puts an API upload in the room its `room_id`/`folder_id` name, in the new document's
 * transaction (undefined: neither was sent). Checked here first, before the file is processed, so
 * a wrong id costs no work: 422 on the field for a room that is not the team's (or is deleted), and
 * for a folder of no room of the team's or of another room than `room_id`. The transaction checks
 * the folder again under the room's lock, so a folder deleted meanwhile refuses the whole upload.
 */
export async function uploadPlacement(
  by: AuditActor,
  fields: UploadPlacementFields,
): Promise<((tx: Tx, doc: Document) => Promise<void>) | undefined> {
  if (!fields.room_id && !fields.folder_id) return undefined;
  const folder = fields.folder_id
    ? await db.roomFolder.findUnique({ where: { id: fields.folder_id }, select: { id: true, roomId: true } })
    : null;
  const roomId = fields.room_id ?? folder?.roomId;
  const room = roomId ? await db.room.findUnique({ where: { id: roomId } }) : null;
  const teams = room !== null && room.teamId === by.teamId && room.deletedAt === null ? room : null;
  if (fields.room_id && !teams) throw invalidField("room_id", "room_id must be the id of one of this team's rooms");
  if (!teams || (fields.folder_id && folder?.roomId !== teams.id)) {
    throw invalidField("folder_id", `folder_id must be the id of a folder ${fields.room_id ? "of this room" : "of a room of this team"}`);
  }
  return (tx, doc) => putInRoom(tx, by, teams, doc, folder?.id ?? null);
}
