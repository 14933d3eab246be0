import type { Period } from "../schemas/common";
import { db } from "../db/client";
import { Prisma } from "../generated/prisma/client";
import { type ByLink, visitsOfLink } from "./document-stats";

export type TimelineVisit = {
  number: number;
  startedAt: Date;
  /**
   * Wall-clock time from the first to the last beacon, or the reading time when longer: the first
   * beacon already reports seconds read before it.
   */
  durationSeconds: number;
  readingSeconds: number;
  deviceType: string | null;
  browser: string | null;
  os: string | null;
  /** Pages the reader spent time on, in page order. */
  pages: Array<{ page: number; seconds: number }>;
  downloads: number;
  /** The share code the visit came through: a link (its name), or the document's own code (name null). */
  link: { name: string | null; code: string };
};

/**
 * Readers' visits started in a period, newest first, keyed by the readers' public ids. A download
 * belongs to the latest visit that started before it (to the first visit when none did), whichever
 * link either came through. With a link, only the visits through it.
 */
export async function viewerTimelines(
  documentId: string,
  viewerIds: string[],
  period: Period,
  link?: ByLink,
): Promise<Map<string, TimelineVisit[]>> {
  const timelines = new Map<string, TimelineVisit[]>(viewerIds.map((id) => [id, []]));
  if (viewerIds.length === 0) return timelines;
  const rows = await db.$queryRaw<
    Array<{
      public_id: string;
      number: number;
      started_at: Date;
      duration: number;
      reading: number;
      device_type: string | null;
      browser: string | null;
      os: string | null;
      pages: Array<{ page: number; seconds: number }>;
      downloads: number;
      link_name: string | null;
      link_code: string;
    }>
  >`
    SELECT w.public_id, v.number, v.started_at,
           greatest(extract(epoch FROM v.last_activity_at - v.started_at)::float8, v.total_time_seconds) AS duration,
           v.total_time_seconds::float8 AS reading, v.device_type, v.browser, v.os,
           coalesce((SELECT json_agg(json_build_object('page', pt.page, 'seconds', round(pt.seconds::numeric, 1)) ORDER BY pt.page)
                     FROM page_times pt WHERE pt.visit_id = v.id AND pt.seconds > 0), '[]'::json) AS pages,
           (SELECT count(*)::int FROM downloads d
             WHERE d.viewer_id = v.viewer_id AND d.document_id = v.document_id
               AND (v.number = 1 OR d.created_at >= v.started_at)
               AND NOT EXISTS (SELECT 1 FROM visits later WHERE later.viewer_id = v.viewer_id
                                 AND later.number > v.number AND later.started_at <= d.created_at)) AS downloads,
           l.name AS link_name, coalesce(l.code, doc.code) AS link_code
    FROM visits v JOIN viewers w ON w.id = v.viewer_id JOIN documents doc ON doc.id = v.document_id
      LEFT JOIN links l ON l.id = v.link_id
    WHERE v.document_id = ${documentId}::uuid AND w.public_id = ANY(${viewerIds}) ${visitsOfLink(link, Prisma.raw("v.link_id"))}
      ${period.since ? Prisma.sql`AND v.started_at >= ${period.since}` : Prisma.empty}
      ${period.until ? Prisma.sql`AND v.started_at < ${period.until}` : Prisma.empty}
    ORDER BY v.started_at DESC`;
  for (const r of rows) {
    timelines.get(r.public_id)?.push({
      number: r.number,
      startedAt: r.started_at,
      durationSeconds: Math.round(r.duration),
      readingSeconds: Math.round(r.reading * 10) / 10,
      deviceType: r.device_type,
      browser: r.browser,
      os: r.os,
      pages: r.pages.map((p) => ({ page: p.page, seconds: Number(p.seconds) })),
      downloads: r.downloads,
      link: { name: r.link_name, code: r.link_code },
    });
  }
  return timelines;
}
