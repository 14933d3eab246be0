import { type Period, pagination } from "../schemas/common";
import { db } from "../db/client";
import { type Document, Prisma } from "../generated/prisma/client";
import { type ByLink, visitsOfLink } from "./document-stats";
import { numberedReadersSql, readerLabel } from "./reader-labels";

export type DownloadRow = {
  id: string;
  /** The reader's public id; null once the reader's record is gone (the download still counts). */
  viewerId: string | null;
  /** How the readers table names the reader, or null with no reader. */
  label: string | null;
  downloadedAt: Date;
};

/** The document's downloads made in a period (through one link, when given), newest first. */
export async function documentDownloads(doc: Document, period: Period, page: number, perPage: number, link?: ByLink) {
  const where = Prisma.sql`d.document_id = ${doc.id}::uuid
    ${period.since ? Prisma.sql`AND d.created_at >= ${period.since}` : Prisma.empty}
    ${period.until ? Prisma.sql`AND d.created_at < ${period.until}` : Prisma.empty}
    ${visitsOfLink(link, Prisma.raw("d.link_id"))}`;
  const [rows, [count]] = await Promise.all([
    db.$queryRaw<Array<{ id: string; public_id: string | null; email: string | null; reader_number: number | null; created_at: Date }>>`
      WITH numbered AS (${numberedReadersSql(doc.id)})
      SELECT d.id, n.public_id, n.email, n.reader_number, d.created_at
      FROM downloads d LEFT JOIN numbered n ON n.id = d.viewer_id
      WHERE ${where}
      ORDER BY d.created_at DESC, d.id
      LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
    db.$queryRaw<Array<{ total: number }>>`SELECT count(*)::int AS total FROM downloads d WHERE ${where}`,
  ]);
  const downloads: DownloadRow[] = rows.map((r) => ({
    id: r.id,
    viewerId: r.public_id,
    label: r.reader_number === null ? null : readerLabel(r.email, r.reader_number),
    downloadedAt: r.created_at,
  }));
  return { downloads, pagination: pagination(page, perPage, count?.total ?? 0) };
}
