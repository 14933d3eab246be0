import { db } from "../db";
import { Prisma } from "../generated/prisma/client";
import { engagementRankSql } from "./engagement";

/**
 * Rebuilds the maintained aggregates of one or more documents from the raw rows (visits, page
 * times, downloads, leads). The viewer ingest keeps them up to date incrementally; this is the
 * reference it is tested against, and the bulk path for seeding and benchmarks.
 */
export async function recomputeAggregates(documentIds: string[]): Promise<void> {
  if (documentIds.length === 0) return;
  const ids = Prisma.sql`ARRAY[${Prisma.join(documentIds.map((id) => Prisma.sql`${id}::uuid`))}]`;
  await db.$transaction([
    db.$executeRaw`
      UPDATE visits v SET
        total_time_seconds = coalesce(p.seconds, 0),
        pages_viewed = coalesce(p.pages, 0)
      FROM (
        SELECT visit_id, sum(seconds)::float8 AS seconds, count(*) FILTER (WHERE viewed)::int AS pages
        FROM page_times WHERE document_id = ANY(${ids}) GROUP BY visit_id
      ) p
      WHERE p.visit_id = v.id`,
    db.$executeRaw`
      UPDATE viewers w SET
        visits = s.visits,
        pages_viewed = s.pages,
        total_time_seconds = s.seconds,
        completion = least(s.pages::float8 / s.page_count, 1),
        downloaded = s.downloaded,
        first_viewed_at = s.first_at,
        last_viewed_at = s.last_at,
        engagement_rank = ${engagementRankSql({
          completion: Prisma.sql`least(s.pages::float8 / s.page_count, 1)`,
          readingSeconds: Prisma.sql`s.seconds`,
          pagesViewed: Prisma.sql`s.pages`,
          visits: Prisma.sql`s.visits`,
          downloaded: Prisma.sql`s.downloaded`,
        })}
      FROM (
        SELECT w2.id, d.page_count,
          (SELECT count(*)::int FROM visits v WHERE v.viewer_id = w2.id) AS visits,
          (SELECT count(DISTINCT pt.page)::int FROM page_times pt JOIN visits v ON v.id = pt.visit_id
            WHERE v.viewer_id = w2.id AND pt.viewed) AS pages,
          (SELECT coalesce(sum(v.total_time_seconds), 0)::float8 FROM visits v WHERE v.viewer_id = w2.id) AS seconds,
          EXISTS (SELECT 1 FROM downloads dl WHERE dl.viewer_id = w2.id) AS downloaded,
          (SELECT min(v.started_at) FROM visits v WHERE v.viewer_id = w2.id) AS first_at,
          (SELECT max(v.last_activity_at) FROM visits v WHERE v.viewer_id = w2.id) AS last_at
        FROM viewers w2 JOIN documents d ON d.id = w2.document_id
        WHERE w2.document_id = ANY(${ids})
      ) s
      WHERE s.id = w.id`,
    db.$executeRaw`
      UPDATE documents d SET
        views = (SELECT count(*)::int FROM visits v WHERE v.document_id = d.id),
        unique_viewers = (SELECT count(*)::int FROM viewers w WHERE w.document_id = d.id AND w.visits > 0),
        leads_count = (SELECT count(*)::int FROM leads l WHERE l.document_id = d.id),
        downloads = (SELECT count(*)::int FROM downloads dl WHERE dl.document_id = d.id),
        total_time_seconds = (SELECT coalesce(sum(v.total_time_seconds), 0)::float8 FROM visits v WHERE v.document_id = d.id),
        completion_sum = (SELECT coalesce(sum(w.completion), 0)::float8 FROM viewers w WHERE w.document_id = d.id AND w.visits > 0),
        engagement_rank = (SELECT coalesce(max(w.engagement_rank), 0) FROM viewers w WHERE w.document_id = d.id)
      WHERE d.id = ANY(${ids})`,
  ]);
}
