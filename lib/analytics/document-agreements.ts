import { db } from "../db/client";
import type { Document } from "../generated/prisma/client";
import { Prisma } from "../generated/prisma/client";
import { pagination } from "../schemas/common";
import { viewerRoomsSql } from "./agreement-accepted-at";
import { numberedReadersSql, readerLabel } from "./reader-labels";

/** Where an agreement was accepted, by name: the document's own code (no link), a link, or a room (through a room link or its own code). */
export type AcceptedThrough = { link: string | null; room: { name: string; link: string | null } | null };

export type AgreementAcceptanceRow = {
  id: string;
  /** How the readers table names the reader; the email, or "Anonymous reader" when no reader of the document is theirs. */
  reader: string;
  /** The agreement's text (or URL) as it was when accepted. */
  agreement: string;
  through: AcceptedThrough;
  acceptedAt: Date;
};

type Row = {
  id: string;
  email: string | null;
  reader_number: number | null;
  agreement: string;
  accepted_at: Date;
  link_name: string | null;
  room_name: string | null;
  room_link_name: string | null;
};

/**
 * Who accepted which agreement to read the document, and when, newest first: its own agreement
 * (through its code or a link, whose text may differ), and the agreement of each room its readers
 * read or downloaded it in. A room's acceptance covers its every document; it is listed here when
 * its reader (by the email given at the room's gate, or the browser) went on to this one.
 */
export async function documentAgreements(doc: Document, page: number, perPage: number) {
  const accepted = Prisma.sql`
    numbered AS (${numberedReadersSql(doc.id)}),
    ${viewerRoomsSql(Prisma.sql`document_id = ${doc.id}::uuid`)},
    accepted AS (
      SELECT aa.id, (SELECT min(n.reader_number) FROM numbered n
                     WHERE n.id = aa.viewer_id OR (aa.viewer_id IS NULL AND n.browser_id = aa.browser_id)) AS reader_number
      FROM agreement_acceptances aa WHERE aa.document_id = ${doc.id}::uuid
      UNION ALL
      SELECT aa.id, min(n.reader_number)
      FROM viewer_rooms vr JOIN numbered n ON n.id = vr.viewer_id
      JOIN agreement_acceptances aa ON aa.room_id = vr.room_id AND (aa.email = n.email OR aa.browser_id = n.browser_id)
      GROUP BY aa.id
    )`;
  const [rows, [count]] = await Promise.all([
    db.$queryRaw<Row[]>`
      WITH ${accepted}
      SELECT aa.id, aa.email, a.reader_number, aa.agreement, aa.accepted_at,
             l.name AS link_name, r.name AS room_name, rl.name AS room_link_name
      FROM accepted a JOIN agreement_acceptances aa ON aa.id = a.id
      LEFT JOIN links l ON l.id = aa.link_id
      LEFT JOIN rooms r ON r.id = aa.room_id
      LEFT JOIN room_links rl ON rl.id = aa.room_link_id
      ORDER BY aa.accepted_at DESC, aa.id
      LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
    db.$queryRaw<Array<{ total: number }>>`WITH ${accepted} SELECT count(*)::int AS total FROM accepted`,
  ]);
  const acceptances: AgreementAcceptanceRow[] = rows.map((r) => ({
    id: r.id,
    reader: r.reader_number === null ? (r.email ?? "Anonymous reader") : readerLabel(r.email, r.reader_number),
    agreement: r.agreement,
    through: {
      link: r.link_name,
      room: r.room_name === null ? null : { name: r.room_name, link: r.room_link_name },
    },
    acceptedAt: r.accepted_at,
  }));
  return { acceptances, pagination: pagination(page, perPage, count?.total ?? 0) };
}
