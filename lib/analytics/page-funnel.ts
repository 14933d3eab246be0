import type { Period } from "../schemas/common";
import { db } from "../db/client";
import { Prisma } from "../generated/prisma/client";
import { type ByLink, pageTimesOf } from "./document-stats";
import type { ReadVersion } from "./read-version";

export type FunnelStep = { page: number; visits: number };

/**
 * The reading funnel: for every page p of 1..page_count, the visits whose furthest viewed page is
 * at least p. A reader who scrolled past pages 1–2 without stopping still got that far, so the
 * series never rises from one page to the next (unlike "visits that viewed page p"). Pages differ
 * between versions, so a funnel is one version's: only its visits count, over its pages. With a
 * link, only the visits through it.
 */
export async function pageFunnel(documentId: string, version: ReadVersion, period: Period, link?: ByLink): Promise<FunnelStep[]> {
  return db.$queryRaw<FunnelStep[]>`
    WITH furthest AS (
      SELECT visit_id, max(page) AS page FROM page_times
      WHERE document_id = ${documentId}::uuid AND viewed
        ${period.since ? Prisma.sql`AND visit_started_at >= ${period.since}` : Prisma.empty}
        ${period.until ? Prisma.sql`AND visit_started_at < ${period.until}` : Prisma.empty}
        ${pageTimesOf(documentId, version.number, link)}
      GROUP BY visit_id
    ),
    ending AS (SELECT page, count(*) AS visits FROM furthest GROUP BY page)
    SELECT p.page::int AS page,
           coalesce((SELECT sum(e.visits) FROM ending e WHERE e.page >= p.page), 0)::int AS visits
    FROM generate_series(1, ${version.pageCount}::int) AS p(page)
    ORDER BY p.page`;
}
