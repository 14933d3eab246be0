import { db } from "../db/client";
import { Prisma } from "../generated/prisma/client";

/**
 * A document's viewers with their reader number: their place among the document's readers in the
 * order their rows were made (the order they first read or passed the gate). Columns: id,
 * public_id, email, company_domain, browser_id, reader_number.
 */
export const numberedReadersSql = (documentId: string) => Prisma.sql`
  SELECT id, public_id, email, company_domain, browser_id, row_number() OVER (ORDER BY created_at, id)::int AS reader_number
  FROM viewers WHERE document_id = ${documentId}::uuid`;

/** How the dashboard names a reader: the email, or "Anonymous reader N", never an internal id. */
export const readerLabel = (email: string | null, readerNumber: number) => email ?? `Anonymous reader ${readerNumber}`;

/** Every viewer of a document by public id → its label. */
export async function readerLabels(documentId: string): Promise<Map<string, string>> {
  const rows = await db.$queryRaw<Array<{ public_id: string; email: string | null; reader_number: number }>>`
    SELECT public_id, email, reader_number FROM (${numberedReadersSql(documentId)}) numbered`;
  return new Map(rows.map((r) => [r.public_id, readerLabel(r.email, r.reader_number)]));
}
