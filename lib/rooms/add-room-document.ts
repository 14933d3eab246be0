import type { z } from "zod";
import { type AuditActor, recordAudit } from "../audit/record-audit";
import { db, type Tx } from "../db/client";
import { apiShortCode, parseShortCode } from "../documents/short-code";
import type { Document, Room } from "../generated/prisma/client";
import { MAX_ROOM_DOCUMENTS, type RoomDocumentAdd, type roomDocumentSchema } from "../schemas/rooms";
import { lockRoom } from "./lock-room";
import { roomDocumentEntry, roomDocumentsCount } from "./room-contents";
import { invalidField, notAFolder, tooManyDocuments } from "./room-refusals";

export type AddedDocument = { entry: z.input<typeof roomDocumentSchema>; added: boolean };

/**
 * Puts one of the team's documents in the room, last in its folder. Adding a document the room
 * already holds changes nothing and answers with where it is (`added` false): a retried request is
 * harmless, and moving is the PATCH's job.
 */
export async function addRoomDocument(by: AuditActor, room: Room, input: RoomDocumentAdd): Promise<AddedDocument> {
  const code = parseShortCode(input.short_code);
  const doc = code ? await db.document.findUnique({ where: { code } }) : null;
  if (!doc || doc.teamId !== room.teamId || doc.deletedAt) {
    throw invalidField("short_code", "short_code must be the short code of one of this team's documents");
  }
  return db.$transaction(async (tx) => {
    const key = { roomId_documentId: { roomId: room.id, documentId: doc.id } };
    await lockRoom(tx, room.id);
    if (await tx.roomDocument.findUnique({ where: key })) return { entry: await roomDocumentEntry(tx, room.id, doc.id), added: false };
    await putInRoom(tx, by, room, doc, input.folder_id ?? null);
    return { entry: await roomDocumentEntry(tx, room.id, doc.id), added: true };
  });
}

/**
 * Puts a document the room does not hold last in one of its folders (null: the top level), in `tx`
 * under the room's lock: 422 on `folder_id` for a folder the room does not have (now), and when the
 * room is full. Recorded in the audit log.
 */
export async function putInRoom(
  tx: Tx,
  by: AuditActor,
  room: Room,
  doc: Pick<Document, "id" | "code" | "title">,
  folderId: string | null,
): Promise<void> {
  await lockRoom(tx, room.id);
  const folder = folderId ? await tx.roomFolder.findFirst({ where: { id: folderId, roomId: room.id } }) : null;
  if (folder === null && folderId) throw notAFolder("folder_id");
  if ((await roomDocumentsCount(room.id, tx)) >= MAX_ROOM_DOCUMENTS) throw tooManyDocuments();
  const last = await tx.roomDocument.aggregate({ where: { roomId: room.id, folderId }, _max: { position: true } });
  await tx.roomDocument.create({ data: { roomId: room.id, documentId: doc.id, folderId, position: (last._max.position ?? -1) + 1 } });
  await recordAudit(tx, by, {
    action: "room.document_added",
    target: { id: room.id, label: room.name },
    details: { document: { short_code: apiShortCode(doc.code), title: doc.title }, folder: folder?.name ?? null },
  });
}
