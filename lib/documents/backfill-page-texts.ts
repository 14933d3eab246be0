import { db } from "../db/client";
import { recordPageTexts, storedPageText } from "./page-texts";

/** Documents per batch: each batch reads their stored layers and commits, so a restart loses at most one. */
export const BACKFILL_BATCH = 20;

type Unindexed = { id: string; version: number; storage_key: string; missing: number[] };

/**
 * Fills the search index for pages drawn before it existed (or by a process that stopped between
 * the drawing and the index): the current version's drawn pages that have no row yet, read from their
 * stored layers, `batch` documents at a time. A page whose layers are missing is recorded as having no
 * text, so every page gets a row and the backfill ends. Documents in the Trash are included: a restore
 * brings them back searchable. Returns how many documents it filled; 0 when nothing is left.
 */
export async function backfillPageTexts(batch = BACKFILL_BATCH): Promise<number> {
  const documents = await db.$queryRaw<Unindexed[]>`
    SELECT d.id, d.version, d.storage_key, missing.pages AS missing
    FROM documents d
    CROSS JOIN LATERAL (
      SELECT array_agg(n ORDER BY n) AS pages
      FROM generate_series(1, LEAST(d.page_images, d.page_count)) AS n
      WHERE NOT EXISTS (SELECT 1 FROM page_texts p WHERE p.document_id = d.id AND p.version = d.version AND p.page = n)
    ) missing
    WHERE d.page_images > 0 AND missing.pages IS NOT NULL
    ORDER BY d.created_at, d.id
    LIMIT ${batch}`;
  for (const doc of documents) {
    const texts = await Promise.all(doc.missing.map((page) => storedPageText(doc.storage_key, page)));
    await db.$transaction(async (tx) => {
      // The version may have been pruned while its layers were read: then there is nothing to index.
      const kept = await tx.$queryRaw<unknown[]>`
        SELECT 1 FROM document_versions WHERE document_id = ${doc.id}::uuid AND number = ${doc.version} FOR SHARE`;
      if (kept.length > 0) await recordPageTexts(tx, doc.id, doc.version, texts);
    });
  }
  return documents.length;
}
