import { db } from "../../db/client";
import type { Document } from "../../generated/prisma/client";

/** Whose last visit to look at: the reader recorded in this browser, or the one its gate grant names. */
export type ReturningReader = { browserId: string | undefined; gateViewerId: string | null };

/**
 * For "Updated since your last visit": when the reader's last visit read another version than the
 * current one, the date the current version was uploaded; null for a first visit or one of the
 * current version.
 */
export async function updatedSinceLastVisit(doc: Pick<Document, "id" | "version">, reader: ReturningReader): Promise<Date | null> {
  if (!reader.browserId && !reader.gateViewerId) return null;
  const [row] = await db.$queryRaw<Array<{ created_at: Date }>>`
    SELECT dv.created_at FROM document_versions dv
    WHERE dv.document_id = ${doc.id}::uuid AND dv.number = ${doc.version}::int
      AND (SELECT v.version FROM visits v JOIN viewers w ON w.id = v.viewer_id
           WHERE w.document_id = ${doc.id}::uuid AND (w.browser_id = ${reader.browserId ?? null} OR w.id = ${reader.gateViewerId}::uuid)
           ORDER BY v.started_at DESC LIMIT 1) <> ${doc.version}::int`;
  return row?.created_at ?? null;
}
