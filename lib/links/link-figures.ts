import type { z } from "zod";
import type { linkStatsSchema } from "../schemas/links";
import { db } from "../db/client";
import { Prisma } from "../generated/prisma/client";

/** A link's `stats` in the API. */
export type LinkFigures = z.input<typeof linkStatsSchema>;

export const NO_FIGURES: LinkFigures = { views: 0, unique_viewers: 0, leads: 0, downloads: 0, last_viewed_at: null };

type Row = { id: string | null; views: number; unique_viewers: number; leads: number; downloads: number; last_viewed_at: Date | null };

/**
 * Per-link figures of one document, computed from the visits, leads and downloads that recorded
 * the link. `null` stands for the document's own short code (rows without a link). Viewers are
 * per document, so a reader who opened two links counts once on each.
 */
export async function linkFigures(documentId: string, linkIds: ReadonlyArray<string | null>): Promise<Map<string | null, LinkFigures>> {
  const figures = new Map<string | null, LinkFigures>();
  const ids = linkIds.filter((id): id is string => id !== null);
  const rows: Row[] = [];
  if (ids.length) rows.push(...(await figuresOf(documentId, ids)));
  if (linkIds.includes(null)) rows.push(...(await figuresOf(documentId, null)));
  for (const row of rows) {
    figures.set(row.id, {
      views: row.views,
      unique_viewers: row.unique_viewers,
      leads: row.leads,
      downloads: row.downloads,
      last_viewed_at: row.last_viewed_at?.toISOString() ?? null,
    });
  }
  return figures;
}

function figuresOf(documentId: string, ids: string[] | null): Promise<Row[]> {
  const source = ids ? Prisma.sql`unnest(${ids}::uuid[]) AS l(id)` : Prisma.sql`(SELECT NULL::uuid AS id) AS l`;
  const matches = (table: string) =>
    ids ? Prisma.sql`${Prisma.raw(table)}.link_id = l.id` : Prisma.sql`${Prisma.raw(table)}.link_id IS NULL`;
  return db.$queryRaw<Row[]>`
    SELECT l.id,
      (SELECT count(*)::int FROM visits WHERE visits.document_id = ${documentId}::uuid AND ${matches("visits")}) AS views,
      (SELECT count(DISTINCT viewer_id)::int FROM visits WHERE visits.document_id = ${documentId}::uuid AND ${matches("visits")}) AS unique_viewers,
      (SELECT max(last_activity_at) FROM visits WHERE visits.document_id = ${documentId}::uuid AND ${matches("visits")}) AS last_viewed_at,
      (SELECT count(*)::int FROM leads WHERE leads.document_id = ${documentId}::uuid AND ${matches("leads")}) AS leads,
      (SELECT count(*)::int FROM downloads WHERE downloads.document_id = ${documentId}::uuid AND ${matches("downloads")}) AS downloads
    FROM ${source}`;
}
