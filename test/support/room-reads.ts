import { db } from "../../lib/db/client";
import type { Document, Room, RoomLink } from "../../lib/generated/prisma/client";
import { newDocumentCode } from "../../lib/ids";
import { sharedDocument, type SharedDocument } from "../../lib/links/shared-document";

/** A room of the team holding `documents` in that order at its top level. */
export async function roomOf(teamId: string, name: string, documents: Document[]): Promise<Room> {
  const room = await db.room.create({ data: { teamId, name, code: newDocumentCode() } });
  await db.roomDocument.createMany({ data: documents.map((doc, position) => ({ roomId: room.id, documentId: doc.id, position })) });
  return room;
}

export const roomLinkOf = (room: Room, name: string): Promise<RoomLink> =>
  db.roomLink.create({ data: { roomId: room.id, name, code: newDocumentCode() } });

/**
 * The document as a reader gets it in the room, through the room link (or the room's own code),
 * as the room's reader routes build it. The room's gate settings are not applied: the recording
 * does not read them.
 */
export const readInRoom = (doc: Document, room: Room, link: RoomLink | null = null): SharedDocument => ({
  ...sharedDocument(doc, null),
  room: {
    id: room.id,
    name: room.name,
    code: room.code,
    linkId: link?.id ?? null,
    groupId: link?.groupId ?? null,
    openedCode: link?.code ?? room.code,
  },
});
