import type { Document, Link } from "../../generated/prisma/client";
import type { RoomContext } from "../../links/shared-document";
import type { EventLink } from "../../schemas/events";

/**
 * The document a reader's visit, lead or download is recorded against: the SharedDocument of the
 * code they opened. A document row without `link` records as read through its own short code.
 */
export type RecordedDocument = Document & { link?: Link | null; room?: RoomContext | null };

/** The link a reader came through, as every event of a document names it (docs/decisions.md, issue 15). */
export const eventLink = (doc: RecordedDocument): EventLink => ({ code: doc.link?.code ?? doc.code, name: doc.link?.name ?? null });

/** The `link_id` a visit, lead or download records: null for the document's own short code. */
export const recordedLinkId = (doc: RecordedDocument) => doc.link?.id ?? null;

/** The room a read happened in, as events name it (additive `data.room`); undefined outside rooms. */
export const eventRoom = (doc: RecordedDocument) => (doc.room ? { id: doc.room.id, name: doc.room.name, code: doc.room.code } : undefined);
