import { type Period, pagination } from "../schemas/common";
import { db } from "../db/client";
import { type Document, Prisma } from "../generated/prisma/client";
import { engagementRankSql, levelOfRank } from "../rules/engagement";
import { numberedReadersSql, readerLabel } from "./reader-labels";

export type Reader = {
  viewerId: string;
  /** The email, or "Anonymous reader N": N counts the document's readers in the order they first came. */
  label: string;
  email: string | null;
  companyDomain: string | null;
  visits: number;
  /** Distinct pages viewed in the period's visits. */
  pagesViewed: number;
  completion: number;
  totalTimeSeconds: number;
  downloaded: boolean;
  engagementLabel: string;
  firstSeenAt: Date;
  lastSeenAt: Date;
};

/**
 * The dashboard's readers table for a period: readers with a visit started in it, each with the
 * figures of those visits only (downloads made in it), most engaged first, then most recently seen.
 */
export async function documentReaders(doc: Document, period: Period, page: number, perPage: number) {
  const visitWindow = Prisma.sql`${period.since ? Prisma.sql`AND started_at >= ${period.since}` : Prisma.empty}
    ${period.until ? Prisma.sql`AND started_at < ${period.until}` : Prisma.empty}`;
  const downloadWindow = Prisma.sql`${period.since ? Prisma.sql`AND d.created_at >= ${period.since}` : Prisma.empty}
    ${period.until ? Prisma.sql`AND d.created_at < ${period.until}` : Prisma.empty}`;
  const rows = await db.$queryRaw<
    Array<{
      public_id: string;
      reader_number: number;
      email: string | null;
      company_domain: string | null;
      visits: number;
      seconds: number;
      pages: number;
      completion: number;
      downloaded: boolean;
      rank: number;
      first_seen_at: Date;
      last_seen_at: Date;
      total: number;
    }>
  >`
    WITH numbered AS (${numberedReadersSql(doc.id)}),
    visits_in AS (
      SELECT id, viewer_id, started_at, last_activity_at, total_time_seconds FROM visits
      WHERE document_id = ${doc.id}::uuid ${visitWindow}
    ),
    per_viewer AS (
      SELECT v.viewer_id,
             count(*)::int AS visits,
             sum(v.total_time_seconds)::float8 AS seconds,
             min(v.started_at) AS first_seen_at,
             max(v.last_activity_at) AS last_seen_at,
             (SELECT count(DISTINCT pt.page)::int FROM page_times pt JOIN visits_in v2 ON v2.id = pt.visit_id
               WHERE v2.viewer_id = v.viewer_id AND pt.viewed) AS pages,
             EXISTS (SELECT 1 FROM downloads d WHERE d.viewer_id = v.viewer_id AND d.document_id = ${doc.id}::uuid ${downloadWindow}) AS downloaded
      FROM visits_in v GROUP BY v.viewer_id
    ),
    figures AS (
      SELECT p.*, least(p.pages::float8 / ${doc.pageCount}, 1) AS completion FROM per_viewer p
    )
    SELECT n.public_id, n.reader_number, n.email, n.company_domain, f.visits, f.pages, f.seconds, f.completion, f.downloaded,
           f.first_seen_at, f.last_seen_at,
           ${engagementRankSql({
             completion: Prisma.sql`f.completion`,
             readingSeconds: Prisma.sql`f.seconds`,
             pagesViewed: Prisma.sql`f.pages`,
             visits: Prisma.sql`f.visits`,
             downloaded: Prisma.sql`f.downloaded`,
           })}::int AS rank,
           count(*) OVER ()::int AS total
    FROM figures f JOIN numbered n ON n.id = f.viewer_id
    ORDER BY rank DESC, f.last_seen_at DESC, n.id
    LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`;
  const readers: Reader[] = rows.map((r) => ({
    viewerId: r.public_id,
    label: readerLabel(r.email, r.reader_number),
    email: r.email,
    companyDomain: r.company_domain,
    visits: r.visits,
    pagesViewed: r.pages,
    completion: Math.round(r.completion * 10_000) / 10_000,
    totalTimeSeconds: Math.round(r.seconds * 100) / 100,
    downloaded: r.downloaded,
    engagementLabel: levelOfRank(r.rank).label,
    firstSeenAt: r.first_seen_at,
    lastSeenAt: r.last_seen_at,
  }));
  const total = rows[0]?.total ?? (await readersInPeriod(doc.id, visitWindow));
  return { readers, pagination: pagination(page, perPage, total) };
}

/** The period's readers, counted alone when the requested page lies past the last one. */
async function readersInPeriod(documentId: string, visitWindow: Prisma.Sql) {
  const [row] = await db.$queryRaw<Array<{ total: number }>>`
    SELECT count(DISTINCT viewer_id)::int AS total FROM visits WHERE document_id = ${documentId}::uuid ${visitWindow}`;
  return row?.total ?? 0;
}
