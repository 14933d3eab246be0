import { type AuditActor, recordAudit } from "../audit/record-audit";
import { notFound } from "../errors";
import { db } from "../db/client";
import { findOwnedDocument } from "../documents/find-document";
import { apiShortCode } from "../documents/short-code";
import type { Room } from "../generated/prisma/client";
import { lockRoom } from "./lock-room";

/** Takes a document out of the room; the document itself, and the other rooms it sits in, are untouched. */
export async function removeRoomDocument(by: AuditActor, room: Room, shortCode: string): Promise<void> {
  const doc = await findOwnedDocument(room.teamId, shortCode);
  await db.$transaction(async (tx) => {
    await lockRoom(tx, room.id);
    const { count } = await tx.roomDocument.deleteMany({ where: { roomId: room.id, documentId: doc.id } });
    if (count === 0) throw notFound("Document");
    // Put back later, it starts from what its folder gives each group, not from an old setting.
    await tx.roomGroupAccess.deleteMany({ where: { documentId: doc.id, group: { roomId: room.id } } });
    await recordAudit(tx, by, {
      action: "room.document_removed",
      target: { id: room.id, label: room.name },
      details: { document: { short_code: apiShortCode(doc.code), title: doc.title } },
    });
  });
}
