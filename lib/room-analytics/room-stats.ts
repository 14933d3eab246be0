import type { z } from "zod";
import { db } from "../db/client";
import { apiShortCode } from "../documents/short-code";
import { Prisma, type Room } from "../generated/prisma/client";
import { roomDetail } from "../rooms/room-contents";
import type { Period } from "../schemas/common";
import type { roomStatsSchema } from "../schemas/room-analytics";
import { roomReadsCtes, roundFraction, roundSeconds } from "./room-reads";

type Totals = { views: number; viewers: number; leads: number; seconds: number; downloads: number; zip_downloads: number };
type DocumentRow = { code: string; views: number; viewers: number; seconds: number; avg_completion: number };
type LinkRow = { code: string | null; name: string | null; views: number; viewers: number };

/**
 * What was read in the room (in the period: visits started in it): its totals, each document it holds (in the room's order,
 * unread ones with zeros) and each code readers came through; its leads are the emails given at
 * its gate (in the period: first given in it), whether or not they went on to read. Its downloads
 * are of its documents in the room, alone or in its ZIP (each document of a ZIP one download, as it
 * is one of the document's own), and its ZIP downloads the archives that recorded any. Only reads
 * and downloads in the room count; a document's own figures count these and every other of it.
 */
export async function roomStats(room: Room, period: Period): Promise<z.input<typeof roomStatsSchema>> {
  const reads = roomReadsCtes(room.id, period);
  const [detail, [totals], documents, links] = await Promise.all([
    roomDetail(room),
    db.$queryRaw<Totals[]>`
      WITH ${reads}
      SELECT (SELECT count(*)::int FROM visits_in) AS views,
             (SELECT count(DISTINCT reader)::int FROM visits_in) AS viewers,
             (SELECT count(*)::int FROM room_leads rl WHERE rl.room_id = ${room.id}::uuid
                ${period.since ? Prisma.sql`AND rl.captured_at >= ${period.since}` : Prisma.empty}
                ${period.until ? Prisma.sql`AND rl.captured_at < ${period.until}` : Prisma.empty}) AS leads,
             (SELECT coalesce(sum(total_time_seconds), 0)::float8 FROM visits_in) AS seconds,
             (SELECT count(*)::int FROM downloads_in) AS downloads,
             (SELECT count(DISTINCT room_zip_id)::int FROM downloads_in) AS zip_downloads`,
    db.$queryRaw<DocumentRow[]>`
      WITH ${reads}
      SELECT d.code, sum(p.visits)::int AS views, count(*)::int AS viewers, sum(p.seconds)::float8 AS seconds,
             avg(p.completion)::float8 AS avg_completion
      FROM read_pairs p JOIN documents d ON d.id = p.document_id
      GROUP BY d.code`,
    db.$queryRaw<LinkRow[]>`
      WITH ${reads}
      SELECT rl.code, rl.name, count(*)::int AS views, count(DISTINCT vi.reader)::int AS viewers
      FROM visits_in vi LEFT JOIN room_links rl ON rl.id = vi.room_link_id
      GROUP BY rl.code, rl.name
      ORDER BY views DESC, rl.name NULLS FIRST, rl.code`,
  ]);
  const byCode = new Map(documents.map((row) => [apiShortCode(row.code), row]));
  const views = totals?.views ?? 0;
  const seconds = totals?.seconds ?? 0;
  return {
    views,
    unique_viewers: totals?.viewers ?? 0,
    leads: totals?.leads ?? 0,
    total_time_seconds: roundSeconds(seconds),
    avg_time_seconds: views ? roundSeconds(seconds / views) : 0,
    downloads: totals?.downloads ?? 0,
    zip_downloads: totals?.zip_downloads ?? 0,
    documents: detail.documents.map((doc) => {
      const row = byCode.get(doc.short_code);
      return {
        short_code: doc.short_code,
        title: doc.title,
        page_count: doc.page_count,
        views: row?.views ?? 0,
        unique_viewers: row?.viewers ?? 0,
        total_time_seconds: roundSeconds(row?.seconds ?? 0),
        avg_time_seconds: row?.views ? roundSeconds(row.seconds / row.views) : 0,
        avg_completion: roundFraction(row?.avg_completion ?? 0),
      };
    }),
    // The room's own code is the row without a room link.
    links: links.map((row) => ({ code: row.code ?? room.code, name: row.name, views: row.views, unique_viewers: row.viewers })),
  };
}
