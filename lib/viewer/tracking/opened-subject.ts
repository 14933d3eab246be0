import { Prisma } from "../../generated/prisma/client";
import type { AccessSubject } from "../grants/access";

/**
 * The columns naming what a reader opened, on rows kept per share code (codes sent, agreements
 * accepted): a document and its link, or a room and its room link. A document read in a room
 * counts as the room: its gate and agreement are the room's.
 */
export const openedColumns = (subject: AccessSubject) =>
  subject.room
    ? { documentId: null, linkId: null, roomId: subject.room.id, roomLinkId: subject.room.linkId }
    : { documentId: subject.id, linkId: subject.link?.id ?? null, roomId: null, roomLinkId: null };

/** The same condition in SQL, in a form each table's (document, …) and (room, …) indexes serve. */
export function openedCondition(subject: AccessSubject): Prisma.Sql {
  const columns = openedColumns(subject);
  return columns.roomId
    ? Prisma.sql`room_id = ${columns.roomId}::uuid AND room_link_id IS NOT DISTINCT FROM ${columns.roomLinkId}::uuid`
    : Prisma.sql`document_id = ${columns.documentId}::uuid AND link_id IS NOT DISTINCT FROM ${columns.linkId}::uuid`;
}
