import { Prisma } from "../generated/prisma/client";

/**
 * Two CTEs, `version_pages` and `best_version`: for each viewer of the visits in `visits` (a CTE
 * or table with id, viewer_id, version and page_count), the version they read furthest, as the
 * ingest statement keeps it for viewers (prisma/functions/ingest_track_batch.sql): its distinct
 * pages viewed, its page count and the completion between them, ties going to more pages. A
 * viewer who viewed no page has no row.
 */
export function bestVersionCtes(visits: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`version_pages AS (
      SELECT v.viewer_id, v.version, max(v.page_count) AS page_count, count(DISTINCT pt.page)::int AS pages
      FROM ${visits} v JOIN page_times pt ON pt.visit_id = v.id
      WHERE pt.viewed GROUP BY v.viewer_id, v.version
    ),
    best_version AS (
      SELECT DISTINCT ON (viewer_id) viewer_id, pages, page_count, least(pages::float8 / page_count, 1) AS completion
      FROM version_pages ORDER BY viewer_id, least(pages::float8 / page_count, 1) DESC, pages DESC
    )`;
}
