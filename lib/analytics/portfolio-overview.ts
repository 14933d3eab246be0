import type { z } from "zod";
import type { overviewSchema } from "../schemas/analytics";
import type { Period } from "../schemas/common";
import { db } from "../db/client";
import { Prisma } from "../generated/prisma/client";
import { apiShortCode } from "../documents/short-code";
import { LEVELS, engagementRankSql } from "../rules/engagement";
import { bestVersionCtes } from "./best-version";

const TOP_DOCUMENTS = 10;
const DAY_MS = 86_400_000;
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

type DocRow = { code: string; title: string; views: number; viewers: number; completion_sum: number; leads: number; rank: number };

/**
 * Portfolio analytics (docs/contract-decisions.md): documents = active documents created up to `until`; views,
 * viewers, leads and completion from activity in the period, of every version (a viewer's
 * completion is that of the version they read furthest); top 10 documents by views (ties by
 * title); documents counted by engagement level over the period.
 */
export async function portfolioOverview(
  teamId: string,
  period: Period,
  requested: { since?: string; until?: string },
): Promise<z.input<typeof overviewSchema>> {
  const windowed = Boolean(period.since || period.until);
  const until = period.until ?? new Date("9999-12-31T00:00:00Z");
  const since = period.since ?? new Date(0);
  const wholeDays = since.getTime() % DAY_MS === 0 && until.getTime() % DAY_MS === 0;

  const { documents, totals, levels, candidates } = windowed
    ? await windowedFigures(teamId, since, until, wholeDays)
    : await allTimeFigures(teamId, until);

  const breakdown = Object.fromEntries([...LEVELS].reverse().map((l) => [l.key, 0])) as Record<(typeof LEVELS)[number]["key"], number>;
  for (const [rank, count] of levels) breakdown[LEVELS[rank]!.key] += count;
  breakdown.not_opened = documents - levels.reduce((n, [, count]) => n + count, 0);

  const top = candidates
    .filter((r) => r.views > 0)
    .sort((a, b) => b.views - a.views || a.title.localeCompare(b.title))
    .slice(0, TOP_DOCUMENTS)
    .map((r) => ({
      short_code: apiShortCode(r.code),
      title: r.title,
      views: r.views,
      completion: r.viewers ? round(r.completion_sum / r.viewers, 4) : 0,
      leads: r.leads,
    }));

  return {
    period: { since: requested.since ?? null, until: requested.until ?? null },
    totals: {
      documents,
      total_views: totals.views,
      unique_viewers: totals.viewers,
      leads_captured: totals.leads,
      avg_completion: totals.viewers ? round(totals.completion / totals.viewers, 4) : 0,
    },
    top_documents: top,
    engagement_breakdown: breakdown,
  };
}

type TopRow = Omit<DocRow, "rank">;
/** What the overview is made of: totals, documents per engagement rank above 0, and the documents that can make the top. */
type Figures = {
  documents: number;
  totals: { views: number; viewers: number; completion: number; leads: number };
  levels: Array<[rank: number, count: number]>;
  /** Every document with views ranked in the top 10 by views, ties included, so titles break them in TypeScript. */
  candidates: TopRow[];
};

/** All-time: the maintained per-document aggregates. */
async function allTimeFigures(teamId: string, until: Date): Promise<Figures> {
  const [{ documents }] = (await db.$queryRaw<Array<{ documents: number }>>`
    SELECT count(*)::int AS documents FROM documents
    WHERE team_id = ${teamId}::uuid AND deleted_at IS NULL AND created_at < ${until}`) as [{ documents: number }];
  const rows = await db.$queryRaw<DocRow[]>`
    SELECT code, title, views, unique_viewers AS viewers, completion_sum, leads_count AS leads, engagement_rank::int AS rank
    FROM documents
    WHERE team_id = ${teamId}::uuid AND deleted_at IS NULL AND (views > 0 OR leads_count > 0 OR engagement_rank > 0)`;
  const totals = rows.reduce(
    (t, r) => ({
      views: t.views + r.views,
      viewers: t.viewers + r.viewers,
      completion: t.completion + r.completion_sum,
      leads: t.leads + r.leads,
    }),
    { views: 0, viewers: 0, completion: 0, leads: 0 },
  );
  const levels = new Map<number, number>();
  for (const r of rows) if (r.rank > 0) levels.set(r.rank, (levels.get(r.rank) ?? 0) + 1);
  return { documents, totals, levels: [...levels], candidates: rows };
}

/**
 * A period: one statement computes per-document figures from the period's activity and sums them
 * in SQL in one pass, returning one row (totals, documents per level, the top's candidates)
 * instead of a row per document; code, title and leads are read for the candidates only.
 */
async function windowedFigures(teamId: string, since: Date, until: Date, wholeDays: boolean): Promise<Figures> {
  const leadsIn = Prisma.sql`l.captured_at >= ${since} AND l.captured_at < ${until}`;
  const [row] = await db.$queryRaw<
    Array<{
      documents: number;
      views: number;
      viewers: number;
      completion_sum: number;
      leads: number;
      levels: number[];
      candidates: TopRow[] | null;
    }>
  >`
    WITH docs AS (
      SELECT id FROM documents
      WHERE team_id = ${teamId}::uuid AND deleted_at IS NULL AND created_at < ${until}
    ),
    ${wholeDays ? perDocumentFromDays(since, until) : perDocumentFromVisits(since, until)},
    ranked AS (
      SELECT per_doc.*, rank() OVER (ORDER BY views DESC) AS place FROM per_doc
    )
    SELECT (SELECT count(*)::int FROM docs) AS documents,
           coalesce(sum(t.views), 0)::int AS views, coalesce(sum(t.viewers), 0)::int AS viewers,
           coalesce(sum(t.completion_sum), 0)::float8 AS completion_sum,
           (SELECT count(*)::int FROM leads l WHERE l.document_id IN (SELECT id FROM docs) AND ${leadsIn}) AS leads,
           ARRAY[count(*) FILTER (WHERE t.rank = 1), count(*) FILTER (WHERE t.rank = 2),
                 count(*) FILTER (WHERE t.rank = 3), count(*) FILTER (WHERE t.rank = 4)]::int[] AS levels,
           json_agg((SELECT json_build_object(
                       'code', d.code, 'title', d.title, 'views', t.views, 'viewers', t.viewers, 'completion_sum', t.completion_sum,
                       'leads', (SELECT count(*)::int FROM leads l WHERE l.document_id = d.id AND ${leadsIn}))
                     FROM documents d WHERE d.id = t.document_id))
             FILTER (WHERE t.place <= ${TOP_DOCUMENTS} AND t.views > 0) AS candidates
    FROM ranked t`;
  const r = row!;
  return {
    documents: r.documents,
    totals: { views: r.views, viewers: r.viewers, completion: r.completion_sum, leads: r.leads },
    levels: r.levels.map((count, i) => [i + 1, count]),
    candidates: r.candidates ?? [],
  };
}

/** A viewer's engagement rank (lib/rules/engagement.ts) from the columns of a per-viewer row `pv`. */
const viewerRank = (downloaded: Prisma.Sql) =>
  engagementRankSql({
    completion: Prisma.sql`pv.completion`,
    readingSeconds: Prisma.sql`pv.seconds`,
    pagesViewed: Prisma.sql`pv.pages`,
    visits: Prisma.sql`pv.visits`,
    downloaded,
  });

/**
 * `per_doc` (document, views, viewers, completion_sum, rank: the highest of its viewers') over
 * visits started in a period of whole UTC days, from the viewers' day rollups: one row per viewer,
 * day and version instead of every visit and page row. A version's bitmap is as long as it has
 * pages; a viewer's pages and completion are those of the version they read furthest.
 *
 * A document whose viewers all read one version in the period (nearly all) takes each viewer's
 * row per version as is. Only for a document read in several versions are its viewers' rows read
 * again and grouped per viewer, keeping each one's best version: a subquery in a CASE branch, so it
 * runs for those documents only (a lateral join, even one that returns nothing, cost ~20% of the
 * statement; OFFSET 0 keeps the planner from copying the subquery into each use of its result).
 */
function perDocumentFromDays(since: Date, until: Date): Prisma.Sql {
  const inPeriod = Prisma.sql`r.day >= (${since}::timestamptz AT TIME ZONE 'UTC')::date AND r.day < (${until}::timestamptz AT TIME ZONE 'UTC')::date AND r.visits > 0`;
  const versionColumns = Prisma.sql`sum(r.visits)::int AS visits, sum(r.seconds)::float8 AS seconds, bit_count(bit_or(r.pages))::int AS pages,
                 least(bit_count(bit_or(r.pages))::float8 / length(bit_or(r.pages)), 1) AS completion`;
  return Prisma.sql`
        ${downloadersIn(since, until)},
        day_versions AS (
          SELECT r.document_id, r.viewer_id, r.version, ${versionColumns}
          FROM viewer_days r WHERE r.document_id IN (SELECT id FROM docs) AND ${inPeriod}
          GROUP BY r.document_id, r.viewer_id, r.version
        ),
        one_version_docs AS (
          SELECT pv.document_id, min(pv.version) = max(pv.version) AS one_version, sum(pv.visits)::int AS views, count(*)::int AS viewers,
                 sum(pv.completion)::float8 AS completion_sum, max(${viewerRank(Prisma.sql`dl.viewer_id IS NOT NULL`)})::int AS rank
          FROM day_versions pv LEFT JOIN downloaders dl ON dl.viewer_id = pv.viewer_id
          GROUP BY pv.document_id
        ),
        per_doc AS (
          SELECT document_id, coalesce(several[1]::int, views) AS views, coalesce(several[2]::int, viewers) AS viewers,
                 coalesce(several[3], completion_sum) AS completion_sum, coalesce(several[4]::int, rank) AS rank
          FROM (
            SELECT o.*, CASE WHEN o.one_version THEN NULL ELSE (
              WITH versions AS (
                SELECT r.viewer_id, r.version, ${versionColumns}
                FROM viewer_days r WHERE r.document_id = o.document_id AND ${inPeriod}
                GROUP BY r.viewer_id, r.version
              ),
              -- The version read furthest: highest completion, then more pages.
              per_viewer AS (
                SELECT viewer_id, sum(visits)::int AS visits, sum(seconds)::float8 AS seconds,
                       (max(ARRAY[completion, pages]))[1] AS completion, (max(ARRAY[completion, pages]))[2]::int AS pages,
                       viewer_id IN (SELECT viewer_id FROM downloaders) AS downloaded
                FROM versions GROUP BY viewer_id
              )
              SELECT ARRAY[sum(pv.visits), count(*), sum(pv.completion), max(${viewerRank(Prisma.sql`pv.downloaded`)})]::float8[]
              FROM per_viewer pv
            ) END AS several
            FROM one_version_docs o OFFSET 0
          ) x
        )`;
}

/** The same `per_doc` from the raw visits and page rows, for periods that cut through a day. */
function perDocumentFromVisits(since: Date, until: Date): Prisma.Sql {
  return Prisma.sql`
        visits_in AS (
          SELECT v.id, v.document_id, v.viewer_id, v.version, v.page_count, v.total_time_seconds, v.pages_viewed FROM visits v
          JOIN docs d ON d.id = v.document_id
          WHERE v.started_at >= ${since} AND v.started_at < ${until}
        ),
        viewer_visits AS (
          SELECT viewer_id, count(*) AS visits, max(pages_viewed) AS pages_of_only_visit, max(page_count) AS page_count_of_only_visit
          FROM visits_in GROUP BY viewer_id
        ),
        several_visits AS (
          SELECT vi.* FROM visits_in vi JOIN viewer_visits vv ON vv.viewer_id = vi.viewer_id WHERE vv.visits > 1
        ),
        ${bestVersionCtes(Prisma.raw("several_visits"))},
        -- Pages viewed in the period and completion, per viewer. A single visit's count is
        -- maintained on the visit; only viewers with several visits read page rows.
        pages AS (
          SELECT viewer_id, pages_of_only_visit::int AS n, least(pages_of_only_visit::float8 / page_count_of_only_visit, 1) AS completion
          FROM viewer_visits WHERE visits = 1
          UNION ALL
          SELECT viewer_id, pages, completion FROM best_version
        ),
        ${downloadersIn(since, until)},
        per_viewer AS (
          SELECT vi.document_id, vi.viewer_id, count(*)::int AS visits, sum(vi.total_time_seconds)::float8 AS seconds,
                 coalesce(max(p.n), 0)::int AS pages, coalesce(max(p.completion), 0)::float8 AS completion,
                 bool_or(dv.viewer_id IS NOT NULL) AS downloaded
          FROM visits_in vi LEFT JOIN pages p ON p.viewer_id = vi.viewer_id
          LEFT JOIN downloaders dv ON dv.viewer_id = vi.viewer_id
          GROUP BY vi.document_id, vi.viewer_id
        ),
        per_doc AS (${perDocument()})`;
}

/** Per document from `per_viewer` (document, viewer, visits, seconds, pages, completion, downloaded). */
function perDocument(): Prisma.Sql {
  return Prisma.sql`SELECT pv.document_id, sum(pv.visits)::int AS views, count(*)::int AS viewers,
                 sum(pv.completion)::float8 AS completion_sum, max(${viewerRank(Prisma.sql`pv.downloaded`)})::int AS rank
          FROM per_viewer pv GROUP BY pv.document_id`;
}

function downloadersIn(since: Date, until: Date): Prisma.Sql {
  return Prisma.sql`downloaders AS (
          SELECT DISTINCT dl.viewer_id FROM downloads dl JOIN docs d ON d.id = dl.document_id
          WHERE dl.created_at >= ${since} AND dl.created_at < ${until} AND dl.viewer_id IS NOT NULL
        )`;
}
