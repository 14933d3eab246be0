import { type Period, pagination } from "../schemas/common";
import { db } from "../db/client";
import { type Document, Prisma } from "../generated/prisma/client";
import { engagementRankSql, levelOfRank } from "../rules/engagement";
import { bestVersionCtes } from "./best-version";
import { type ByLink, visitsOfLink } from "./document-stats";
import { type ReadVersion, visitsOfVersion } from "./read-version";
import { numberedReadersSql, readerLabel } from "./reader-labels";

export type Reader = {
  viewerId: string;
  /** The email, or "Anonymous reader N": N counts the document's readers in the order they first came. */
  label: string;
  email: string | null;
  companyDomain: string | null;
  visits: number;
  /** Distinct pages viewed in the period's visits of the version read furthest (rules/completion.ts: out of how many). */
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
 * With a link, the same through that link only: its visits, its downloads. With a version, only
 * the visits of that version. Pages viewed and completion are those of the version read furthest.
 */
export async function documentReaders(doc: Document, period: Period, page: number, perPage: number, link?: ByLink, version?: ReadVersion) {
  const visitWindow = Prisma.sql`${period.since ? Prisma.sql`AND started_at >= ${period.since}` : Prisma.empty}
    ${period.until ? Prisma.sql`AND started_at < ${period.until}` : Prisma.empty} ${visitsOfLink(link)} ${visitsOfVersion(version)}`;
  const downloadWindow = Prisma.sql`${period.since ? Prisma.sql`AND d.created_at >= ${period.since}` : Prisma.empty}
    ${period.until ? Prisma.sql`AND d.created_at < ${period.until}` : Prisma.empty} ${visitsOfLink(link, Prisma.raw("d.link_id"))}`;
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
      SELECT id, viewer_id, version, page_count, started_at, last_activity_at, total_time_seconds FROM visits
      WHERE document_id = ${doc.id}::uuid ${visitWindow}
    ),
    ${bestVersionCtes(Prisma.raw("visits_in"))},
    figures AS (
      SELECT v.viewer_id,
             count(*)::int AS visits,
             sum(v.total_time_seconds)::float8 AS seconds,
             min(v.started_at) AS first_seen_at,
             max(v.last_activity_at) AS last_seen_at,
             coalesce(max(bv.pages), 0)::int AS pages,
             coalesce(max(bv.completion), 0)::float8 AS completion,
             EXISTS (SELECT 1 FROM downloads d WHERE d.viewer_id = v.viewer_id AND d.document_id = ${doc.id}::uuid ${downloadWindow}) AS downloaded
      FROM visits_in v LEFT JOIN best_version bv ON bv.viewer_id = v.viewer_id GROUP BY v.viewer_id
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
