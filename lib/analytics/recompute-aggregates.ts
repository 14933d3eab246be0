import { db, type Tx } from "../db/client";
import { Prisma } from "../generated/prisma/client";
import { engagementRankSql } from "../rules/engagement";

/**
 * Rebuilds the maintained aggregates of documents from the raw rows (visits, page times,
 * downloads, leads) with set-based queries, and the viewers' day rollups. The viewer ingest keeps
 * them up to date incrementally; this is the reference it is tested against, and the bulk path
 * for seeding and benchmarks.
 */
export async function recomputeAggregates(documentIds: string[], tx?: Tx): Promise<void> {
  if (documentIds.length === 0) return;
  const ids = Prisma.sql`ARRAY[${Prisma.join(documentIds.map((id) => Prisma.sql`${id}::uuid`))}]`;
  const c = tx ?? db;
  const statements = [
    c.$executeRaw`
      UPDATE visits v SET total_time_seconds = p.seconds, pages_viewed = p.pages
      FROM (
        SELECT visit_id, sum(seconds)::float8 AS seconds, (count(*) FILTER (WHERE viewed))::int AS pages
        FROM page_times WHERE document_id = ANY(${ids}) GROUP BY visit_id
      ) p
      WHERE p.visit_id = v.id`,
    c.$executeRaw`DELETE FROM viewer_days WHERE document_id = ANY(${ids})`,
    c.$executeRaw`
      WITH days AS (
        SELECT viewer_id, (started_at AT TIME ZONE 'UTC')::date AS day, document_id, count(*)::int AS visits, sum(total_time_seconds)::float8 AS seconds
        FROM visits WHERE document_id = ANY(${ids}) GROUP BY 1, 2, 3
      ),
      pages AS (
        SELECT v.viewer_id, (v.started_at AT TIME ZONE 'UTC')::date AS day, bit_or(set_bit(repeat('0', d.page_count)::varbit, pt.page - 1, 1)) AS pages
        FROM page_times pt JOIN visits v ON v.id = pt.visit_id JOIN documents d ON d.id = v.document_id
        WHERE pt.document_id = ANY(${ids}) AND pt.viewed GROUP BY 1, 2
      )
      INSERT INTO viewer_days (viewer_id, day, document_id, visits, seconds, pages)
      SELECT days.viewer_id, days.day, days.document_id, days.visits, days.seconds, coalesce(pages.pages, repeat('0', d.page_count)::varbit)
      FROM days JOIN documents d ON d.id = days.document_id LEFT JOIN pages ON pages.viewer_id = days.viewer_id AND pages.day = days.day`,
    c.$executeRaw`
      WITH per_visit AS (
        SELECT viewer_id, count(*)::int AS visits, sum(total_time_seconds)::float8 AS seconds,
               min(started_at) AS first_at, max(last_activity_at) AS last_at
        FROM visits WHERE document_id = ANY(${ids}) GROUP BY viewer_id
      ),
      per_page AS (
        SELECT v.viewer_id, count(DISTINCT pt.page)::int AS pages
        FROM page_times pt JOIN visits v ON v.id = pt.visit_id
        WHERE pt.document_id = ANY(${ids}) AND pt.viewed GROUP BY v.viewer_id
      ),
      downloaders AS (
        SELECT DISTINCT viewer_id FROM downloads WHERE document_id = ANY(${ids}) AND viewer_id IS NOT NULL
      ),
      s AS (
        SELECT w.id, d.page_count, coalesce(pv.visits, 0) AS visits, coalesce(pp.pages, 0) AS pages,
               coalesce(pv.seconds, 0) AS seconds, dl.viewer_id IS NOT NULL AS downloaded, pv.first_at, pv.last_at
        FROM viewers w JOIN documents d ON d.id = w.document_id
        LEFT JOIN per_visit pv ON pv.viewer_id = w.id
        LEFT JOIN per_page pp ON pp.viewer_id = w.id
        LEFT JOIN downloaders dl ON dl.viewer_id = w.id
        WHERE w.document_id = ANY(${ids})
      )
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
      FROM s WHERE s.id = w.id`,
    c.$executeRaw`
      WITH v AS (
        SELECT document_id, count(*)::int AS views, sum(total_time_seconds)::float8 AS seconds
        FROM visits WHERE document_id = ANY(${ids}) GROUP BY document_id
      ),
      w AS (
        SELECT document_id, (count(*) FILTER (WHERE visits > 0))::int AS viewers,
               (sum(completion) FILTER (WHERE visits > 0))::float8 AS completion, max(engagement_rank) AS rank
        FROM viewers WHERE document_id = ANY(${ids}) GROUP BY document_id
      ),
      l AS (SELECT document_id, count(*)::int AS leads FROM leads WHERE document_id = ANY(${ids}) GROUP BY document_id),
      dl AS (SELECT document_id, count(*)::int AS downloads FROM downloads WHERE document_id = ANY(${ids}) GROUP BY document_id)
      UPDATE documents d SET
        views = coalesce(v.views, 0),
        unique_viewers = coalesce(w.viewers, 0),
        leads_count = coalesce(l.leads, 0),
        downloads = coalesce(dl.downloads, 0),
        total_time_seconds = coalesce(v.seconds, 0),
        completion_sum = coalesce(w.completion, 0),
        engagement_rank = coalesce(w.rank, 0)
      FROM (SELECT unnest(${ids}) AS id) target
      LEFT JOIN v ON v.document_id = target.id
      LEFT JOIN w ON w.document_id = target.id
      LEFT JOIN l ON l.document_id = target.id
      LEFT JOIN dl ON dl.document_id = target.id
      WHERE d.id = target.id`,
  ];
  // Inside a caller's transaction the statements run in it, in order; alone, as one transaction.
  if (tx) for (const statement of statements) await statement;
  else await db.$transaction(statements);
}
