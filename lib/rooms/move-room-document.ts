import { type AuditActor, fieldChanges, recordAudit } from "../audit/record-audit";
import { notFound } from "../errors";
import { db } from "../db/client";
import { findOwnedDocument } from "../documents/find-document";
import { apiShortCode } from "../documents/short-code";
import type { Room } from "../generated/prisma/client";
import type { RoomDocumentMove } from "../schemas/rooms";
import { lockRoom } from "./lock-room";
import { roomDocumentEntry } from "./room-contents";
import { notAFolder } from "./room-refusals";
import { documentOrder, placed, writeDocumentOrder } from "./sibling-order";

/** Moves a document of the room into another folder (last, unless a position is given) and/or to a place among its folder's documents. */
export async function moveRoomDocument(by: AuditActor, room: Room, shortCode: string, move: RoomDocumentMove) {
  const doc = await findOwnedDocument(room.teamId, shortCode);
  return db.$transaction(async (tx) => {
    await lockRoom(tx, room.id);
    const entry = await tx.roomDocument.findUnique({ where: { roomId_documentId: { roomId: room.id, documentId: doc.id } } });
    if (!entry) throw notFound("Document");
    const folderId = move.folder_id === undefined ? entry.folderId : move.folder_id;
    const folders = await tx.roomFolder.findMany({
      where: { roomId: room.id, id: { in: [entry.folderId, folderId].filter((id) => id !== null) } },
    });
    if (folderId !== null && !folders.some((folder) => folder.id === folderId)) throw notAFolder("folder_id");
    const folderName = (id: string | null) => folders.find((folder) => folder.id === id)?.name ?? null;

    const before = await roomDocumentEntry(tx, room.id, doc.id);
    if (folderId !== entry.folderId || move.position !== undefined) {
      const siblings = await documentOrder(tx, room.id, folderId);
      if (folderId !== entry.folderId)
        await tx.roomDocument.update({ where: { roomId_documentId: { roomId: room.id, documentId: doc.id } }, data: { folderId } });
      await writeDocumentOrder(tx, room.id, placed(siblings, doc.id, move.position));
    }
    const after = await roomDocumentEntry(tx, room.id, doc.id);
    const changes = fieldChanges(
      { folder: folderName(entry.folderId), position: before.position },
      { folder: folderName(folderId), position: after.position },
    );
    if (changes)
      await recordAudit(tx, by, {
        action: "room.document_moved",
        target: { id: room.id, label: room.name },
        details: { document: { short_code: apiShortCode(doc.code), title: doc.title }, changes },
      });
    return after;
  });
}
