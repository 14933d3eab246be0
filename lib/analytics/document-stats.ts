import type { z } from "zod";
import type { documentStatsSchema } from "../schemas/analytics";
import type { Period } from "../schemas/common";
import { db } from "../db/client";
import { type Document, Prisma } from "../generated/prisma/client";
import { engagementObject, engagementRankSql } from "../rules/engagement";
import { bestVersionCtes } from "./best-version";
import { currentVersion, type ReadVersion, visitsOfVersion } from "./read-version";

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

/** Only the activity of one share code: a link's id, or null for the document's own short code. */
export type ByLink = { linkId: string | null };

/** `AND <column> …` keeping only the rows recorded through the link; nothing without one. */
export const visitsOfLink = (link: ByLink | undefined, column = Prisma.raw("link_id")) =>
  !link ? Prisma.empty : link.linkId === null ? Prisma.sql`AND ${column} IS NULL` : Prisma.sql`AND ${column} = ${link.linkId}::uuid`;

/**
 * docs/api-contract.md's Document statistics. Without a period, link or version the headline
 * figures are the maintained aggregates, over every version; with any of them, only visits of
 * that version started in the window through that link (and downloads made in it through that
 * link: a download records no version) count. A viewer's completion is that of the version they
 * read furthest. Pages differ between versions, so page_analytics is one version's: the one
 * asked for, else the current one.
 */
export async function documentStats(
  doc: Document,
  period: Period,
  link?: ByLink,
  version?: ReadVersion,
): Promise<z.input<typeof documentStatsSchema>> {
  const windowed = Boolean(period.since || period.until || link || version);
  const pages = await pageAnalytics(doc.id, version ?? currentVersion(doc), period, link);
  if (!windowed) {
    return {
      views: doc.views,
      unique_viewers: doc.uniqueViewers,
      total_time_seconds: round(doc.totalTimeSeconds),
      avg_time_seconds: doc.views ? round(doc.totalTimeSeconds / doc.views) : 0,
      avg_completion: doc.uniqueViewers ? round(doc.completionSum / doc.uniqueViewers, 4) : 0,
      downloads: doc.downloads,
      page_analytics: pages,
      engagement_breakdown: engagementObject(doc.engagementRank),
    };
  }

  const since = period.since ?? new Date(0);
  const until = period.until ?? new Date("9999-12-31T00:00:00Z");
  const [row] = await db.$queryRaw<
    Array<{
      views: number;
      unique_viewers: number;
      total_time: number;
      avg_completion: number | null;
      rank: number | null;
      downloads: number;
    }>
  >`
    WITH visits_in AS (
      SELECT id, viewer_id, version, page_count, total_time_seconds FROM visits
      WHERE document_id = ${doc.id}::uuid AND started_at >= ${since} AND started_at < ${until} ${visitsOfLink(link)} ${visitsOfVersion(version)}
    ),
    downloads_in AS (
      SELECT viewer_id FROM downloads
      WHERE document_id = ${doc.id}::uuid AND created_at >= ${since} AND created_at < ${until} ${visitsOfLink(link)}
    ),
    ${bestVersionCtes(Prisma.raw("visits_in"))},
    per_viewer AS (
      SELECT v.viewer_id,
             count(*)::int AS visits,
             sum(v.total_time_seconds)::float8 AS seconds,
             coalesce(max(bv.pages), 0)::int AS pages,
             coalesce(max(bv.completion), 0)::float8 AS completion,
             EXISTS (SELECT 1 FROM downloads_in d WHERE d.viewer_id = v.viewer_id) AS downloaded
      FROM visits_in v LEFT JOIN best_version bv ON bv.viewer_id = v.viewer_id GROUP BY v.viewer_id
    )
    SELECT
      (SELECT count(*)::int FROM visits_in) AS views,
      (SELECT count(*)::int FROM per_viewer) AS unique_viewers,
      (SELECT coalesce(sum(total_time_seconds), 0)::float8 FROM visits_in) AS total_time,
      (SELECT avg(completion) FROM per_viewer) AS avg_completion,
      (SELECT max(${engagementRankSql({
        completion: Prisma.sql`completion`,
        readingSeconds: Prisma.sql`seconds`,
        pagesViewed: Prisma.sql`pages`,
        visits: Prisma.sql`visits`,
        downloaded: Prisma.sql`downloaded`,
      })}) FROM per_viewer) AS rank,
      (SELECT count(*)::int FROM downloads_in) AS downloads`;
  const views = row?.views ?? 0;
  return {
    views,
    unique_viewers: row?.unique_viewers ?? 0,
    total_time_seconds: round(row?.total_time ?? 0),
    avg_time_seconds: views ? round((row?.total_time ?? 0) / views) : 0,
    avg_completion: round(row?.avg_completion ?? 0, 4),
    downloads: row?.downloads ?? 0,
    page_analytics: pages,
    engagement_breakdown: engagementObject(row?.rank ?? 0),
  };
}

/** One row per page 1..page_count of the version: visits of it that viewed the page and their mean time on it. */
export async function pageAnalytics(documentId: string, version: ReadVersion, period: Period, link: ByLink | undefined) {
  const window = Prisma.sql`${period.since ? Prisma.sql`AND visit_started_at >= ${period.since}` : Prisma.empty}
    ${period.until ? Prisma.sql`AND visit_started_at < ${period.until}` : Prisma.empty}`;
  const rows = await db.$queryRaw<Array<{ page: number; views: number; avg_time: number }>>`
    SELECT page, count(*)::int AS views, avg(seconds)::float8 AS avg_time
    FROM page_times
    WHERE document_id = ${documentId}::uuid AND viewed ${window} ${pageTimesOf(documentId, version.number, link)}
    GROUP BY page`;
  const byPage = new Map(rows.map((r) => [r.page, r]));
  return Array.from({ length: version.pageCount }, (_, i) => {
    const r = byPage.get(i + 1);
    return { page: i + 1, views: r?.views ?? 0, avg_time_seconds: r ? round(r.avg_time) : 0 };
  });
}

/**
 * The page rows of one version's visits (pages differ between versions), the current one unless
 * a number is given, through the link when one is: page rows carry neither, theirs are their visit's.
 */
export function pageTimesOf(documentId: string, version: number | undefined, link: ByLink | undefined) {
  const number = version ?? Prisma.sql`(SELECT version FROM documents WHERE id = ${documentId}::uuid)`;
  return Prisma.sql`AND visit_id IN (SELECT id FROM visits WHERE document_id = ${documentId}::uuid AND version = ${number}::int ${visitsOfLink(link)})`;
}
