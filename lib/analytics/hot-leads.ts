import { db } from "../db/client";
import { Prisma } from "../generated/prisma/client";
import { apiShortCode } from "../documents/short-code";
import { levelOfRank, engagementRankSql } from "../rules/engagement";
import { now } from "../time";

const SHOWN = 5;

export type HotLead = {
  email: string;
  name: string | null;
  /** Their highest level on one document in the period, and in the period before (Not Opened when they read nothing then). */
  engagement: { label: string; type: string };
  before: { label: string; type: string };
  document: { short_code: string; title: string };
  total_time_seconds: number;
  last_active_at: string;
};

type Row = {
  email: string;
  name: string | null;
  now_rank: number;
  before_rank: number;
  code: string;
  title: string;
  seconds: number;
  last_at: Date;
};

/**
 * The people whose engagement rose in [since, until) against the period of the same length just before:
 * each period's level is the highest they reached on one document from that period's visits alone
 * (pages viewed of the page count read, time, visits, downloads: the engagement rule). Most engaged
 * first, then the biggest rise, then the most recent; the document is the one they were most engaged with.
 */
export async function hotLeads(teamId: string, since: Date, until: Date = now()): Promise<HotLead[]> {
  const before = new Date(since.getTime() - (until.getTime() - since.getTime()));
  const rows = await db.$queryRaw<Row[]>`
    WITH team_visits AS (
      SELECT w.email, w.name, v.id, v.viewer_id, v.document_id, v.page_count, v.total_time_seconds, v.last_activity_at,
             v.started_at >= ${since} AS current
      FROM documents d
      JOIN visits v ON v.document_id = d.id
      JOIN viewers w ON w.id = v.viewer_id AND w.email IS NOT NULL
      WHERE d.team_id = ${teamId}::uuid AND d.deleted_at IS NULL AND v.started_at >= ${before} AND v.started_at < ${until}
    ),
    pages AS (
      SELECT tv.email, tv.document_id, tv.current, count(DISTINCT pt.page)::int AS pages
      FROM team_visits tv JOIN page_times pt ON pt.visit_id = tv.id AND pt.viewed
      GROUP BY 1, 2, 3
    ),
    downloaded AS (
      SELECT DISTINCT w.email, dl.document_id, dl.created_at >= ${since} AS current
      FROM downloads dl
      JOIN documents d ON d.id = dl.document_id AND d.team_id = ${teamId}::uuid
      JOIN viewers w ON w.id = dl.viewer_id AND w.email IS NOT NULL
      WHERE dl.created_at >= ${before} AND dl.created_at < ${until}
    ),
    per_document AS (
      SELECT tv.email, max(tv.name) AS name, tv.document_id, tv.current, count(*)::int AS visits,
             sum(tv.total_time_seconds)::float8 AS seconds, max(tv.page_count) AS page_count, max(tv.last_activity_at) AS last_at
      FROM team_visits tv GROUP BY tv.email, tv.document_id, tv.current
    ),
    ranked AS (
      SELECT p.*, ${engagementRankSql({
        completion: Prisma.sql`least(1, coalesce(pg.pages, 0)::float8 / greatest(p.page_count, 1))`,
        readingSeconds: Prisma.sql`p.seconds`,
        pagesViewed: Prisma.sql`coalesce(pg.pages, 0)`,
        visits: Prisma.sql`p.visits`,
        downloaded: Prisma.sql`(dd.email IS NOT NULL)`,
      })} AS rank
      FROM per_document p
      LEFT JOIN pages pg ON pg.email = p.email AND pg.document_id = p.document_id AND pg.current = p.current
      LEFT JOIN downloaded dd ON dd.email = p.email AND dd.document_id = p.document_id AND dd.current = p.current
    ),
    people AS (
      SELECT email, max(name) AS name,
             max(rank) FILTER (WHERE current) AS now_rank,
             coalesce(max(rank) FILTER (WHERE NOT current), 0) AS before_rank,
             sum(seconds) FILTER (WHERE current) AS seconds,
             max(last_at) FILTER (WHERE current) AS last_at,
             (array_agg(document_id ORDER BY rank DESC, last_at DESC) FILTER (WHERE current))[1] AS document_id
      FROM ranked GROUP BY email
    )
    SELECT p.email, p.name, p.now_rank::int AS now_rank, p.before_rank::int AS before_rank, d.code, d.title, p.seconds, p.last_at
    FROM people p JOIN documents d ON d.id = p.document_id
    WHERE p.now_rank > p.before_rank
    ORDER BY p.now_rank DESC, p.now_rank - p.before_rank DESC, p.last_at DESC, p.email
    LIMIT ${SHOWN}`;
  const level = (rank: number) => {
    const { label, type } = levelOfRank(rank);
    return { label, type };
  };
  return rows.map((r) => ({
    email: r.email,
    name: r.name,
    engagement: level(r.now_rank),
    before: level(r.before_rank),
    document: { short_code: apiShortCode(r.code), title: r.title },
    total_time_seconds: Math.round(r.seconds * 100) / 100,
    last_active_at: r.last_at.toISOString(),
  }));
}
