import { db, type Tx } from "../db/client";
import { Prisma } from "../generated/prisma/client";
import { engagementRankSql } from "../rules/engagement";
import { bestVersionCtes } from "./best-version";

/**
 * Rebuilds the maintained aggregates of documents from the raw rows (visits, page times,
 * downloads, leads) with set-based queries, and the viewers' day rollups (per version, as each
 * viewer's completion is that of the version they read furthest). The viewer ingest keeps
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
        SELECT viewer_id, (started_at AT TIME ZONE 'UTC')::date AS day, version, document_id, max(page_count) AS page_count,
               count(*)::int AS visits, sum(total_time_seconds)::float8 AS seconds
        FROM visits WHERE document_id = ANY(${ids}) GROUP BY 1, 2, 3, 4
      ),
      pages AS (
        SELECT v.viewer_id, (v.started_at AT TIME ZONE 'UTC')::date AS day, v.version,
               bit_or(set_bit(repeat('0', v.page_count)::varbit, pt.page - 1, 1)) AS pages
        FROM page_times pt JOIN visits v ON v.id = pt.visit_id
        WHERE pt.document_id = ANY(${ids}) AND pt.viewed GROUP BY 1, 2, 3
      )
      INSERT INTO viewer_days (viewer_id, day, version, document_id, visits, seconds, pages)
      SELECT days.viewer_id, days.day, days.version, days.document_id, days.visits, days.seconds,
             coalesce(pages.pages, repeat('0', days.page_count)::varbit)
      FROM days LEFT JOIN pages ON pages.viewer_id = days.viewer_id AND pages.day = days.day AND pages.version = days.version`,
    c.$executeRaw`
      WITH per_visit AS (
        SELECT viewer_id, count(*)::int AS visits, sum(total_time_seconds)::float8 AS seconds,
               min(started_at) AS first_at, max(last_activity_at) AS last_at
        FROM visits WHERE document_id = ANY(${ids}) GROUP BY viewer_id
      ),
      documents_visits AS (SELECT id, viewer_id, version, page_count FROM visits WHERE document_id = ANY(${ids})),
      ${bestVersionCtes(Prisma.raw("documents_visits"))},
      downloaders AS (
        SELECT DISTINCT viewer_id FROM downloads WHERE document_id = ANY(${ids}) AND viewer_id IS NOT NULL
      ),
      s AS (
        SELECT w.id, coalesce(pv.visits, 0) AS visits, coalesce(bv.pages, 0) AS pages, coalesce(bv.completion, 0)::float8 AS completion,
               coalesce(pv.seconds, 0) AS seconds, dl.viewer_id IS NOT NULL AS downloaded, pv.first_at, pv.last_at
        FROM viewers w
        LEFT JOIN per_visit pv ON pv.viewer_id = w.id
        LEFT JOIN best_version bv ON bv.viewer_id = w.id
        LEFT JOIN downloaders dl ON dl.viewer_id = w.id
        WHERE w.document_id = ANY(${ids})
      )
      UPDATE viewers w SET
        visits = s.visits,
        pages_viewed = s.pages,
        total_time_seconds = s.seconds,
        completion = s.completion,
        downloaded = s.downloaded,
        first_viewed_at = s.first_at,
        last_viewed_at = s.last_at,
        engagement_rank = ${engagementRankSql({
          completion: Prisma.sql`s.completion`,
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
