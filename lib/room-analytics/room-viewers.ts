import type { z } from "zod";
import { db } from "../db/client";
import { apiShortCode } from "../documents/short-code";
import type { Room } from "../generated/prisma/client";
import { completionPageCount } from "../rules/completion";
import { type Period, pagination } from "../schemas/common";
import type { roomViewerListSchema } from "../schemas/room-analytics";
import { roomReadsCtes, roundFraction, roundSeconds } from "./room-reads";

type ReaderRow = {
  reader: string;
  email: string | null;
  name: string | null;
  company_domain: string | null;
  first_at: Date;
  last_at: Date;
  visits: number;
  seconds: number;
  documents: number;
  viewer_public_id: string;
  total: number;
};
type PairRow = {
  reader: string;
  code: string;
  title: string;
  page_count: number;
  viewer_public_id: string;
  visits: number;
  seconds: number;
  pages: number;
  completion: number;
  first_at: Date;
  last_at: Date;
  downloads: number;
  zip_downloads: number;
};
type LinkRow = { reader: string; code: string | null; name: string | null };
type AcceptedRow = { reader: string; accepted_at: Date };

/**
 * The room's viewers, most recently active first: one per person across the room's documents (an
 * email once given, else a browser) who read or downloaded in it, each with the documents they
 * opened or downloaded in the room, their time, completion and downloads per document, the codes
 * they came through, and when they last accepted the room's agreement. Figures count reads in the
 * room only, of visits started in the period, and downloads made in it.
 */
export async function roomViewers(
  room: Room,
  period: Period,
  page: number,
  perPage: number,
): Promise<z.input<typeof roomViewerListSchema>> {
  const reads = roomReadsCtes(room.id, period);
  const readers = await db.$queryRaw<ReaderRow[]>`
    WITH ${reads},
    readers AS (
      SELECT reader, max(reader_email) AS email, max(name) AS name, max(company_domain) AS company_domain
      FROM activity_in GROUP BY reader
    )
    SELECT r.reader, r.email, r.name, r.company_domain,
           min(p.first_at) AS first_at, max(p.last_at) AS last_at, sum(p.visits)::int AS visits, sum(p.seconds)::float8 AS seconds,
           count(*) FILTER (WHERE p.visits > 0)::int AS documents,
           (array_agg(p.viewer_public_id ORDER BY p.first_at, p.viewer_public_id))[1] AS viewer_public_id,
           count(*) OVER ()::int AS total
    FROM readers r JOIN pairs p ON p.reader = r.reader
    GROUP BY r.reader, r.email, r.name, r.company_domain
    ORDER BY max(p.last_at) DESC, r.reader
    LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`;
  const total = readers[0]?.total ?? (page > 1 ? await countReaders(room.id, period) : 0);
  const keys = readers.map((r) => r.reader);
  const [pairs, links, accepted] = keys.length
    ? await Promise.all([
        db.$queryRaw<PairRow[]>`
          WITH ${reads}
          SELECT p.reader, d.code, d.title, d.page_count, p.viewer_public_id, p.visits, p.seconds, p.pages, p.completion, p.first_at, p.last_at,
                 p.downloads, p.zip_downloads
          FROM pairs p JOIN documents d ON d.id = p.document_id
          WHERE p.reader = ANY(${keys})
          ORDER BY p.last_at DESC, d.code`,
        db.$queryRaw<LinkRow[]>`
          WITH ${reads}
          SELECT a.reader, rl.code, rl.name
          FROM activity_in a LEFT JOIN room_links rl ON rl.id = a.room_link_id
          WHERE a.reader = ANY(${keys})
          GROUP BY a.reader, rl.code, rl.name
          ORDER BY max(a.at) DESC, rl.code`,
        // A room's acceptance names the email given at its gate, or only the browser when it has none.
        db.$queryRaw<AcceptedRow[]>`
          WITH ${reads},
          known AS (SELECT DISTINCT reader, reader_email, browser_id FROM activity_in WHERE reader = ANY(${keys}))
          SELECT k.reader, max(aa.accepted_at) AS accepted_at
          FROM known k JOIN agreement_acceptances aa
            ON aa.room_id = ${room.id}::uuid AND (aa.email = k.reader_email OR aa.browser_id = k.browser_id)
          GROUP BY k.reader`,
      ])
    : [[], [], []];
  const acceptedAt = new Map(accepted.map((row) => [row.reader, row.accepted_at.toISOString()]));
  return {
    viewers: readers.map((r) => ({
      viewer_id: r.viewer_public_id,
      email: r.email,
      name: r.name,
      company_domain: r.company_domain,
      first_viewed_at: r.first_at.toISOString(),
      last_viewed_at: r.last_at.toISOString(),
      visits: r.visits,
      total_time_seconds: roundSeconds(r.seconds),
      documents_opened: r.documents,
      // The room's own code is the row without a room link.
      links: links.filter((l) => l.reader === r.reader).map((l) => ({ code: l.code ?? room.code, name: l.name })),
      documents: pairs
        .filter((p) => p.reader === r.reader)
        .map((p) => ({
          short_code: apiShortCode(p.code),
          title: p.title,
          viewer_id: p.viewer_public_id,
          visits: p.visits,
          pages_viewed: p.pages,
          total_pages: completionPageCount(p.pages, p.completion, p.page_count),
          completion: roundFraction(p.completion),
          total_time_seconds: roundSeconds(p.seconds),
          first_viewed_at: p.first_at.toISOString(),
          last_viewed_at: p.last_at.toISOString(),
          downloads: p.downloads,
          zip_downloads: p.zip_downloads,
        })),
      agreement_accepted_at: acceptedAt.get(r.reader) ?? null,
    })),
    total_viewers: total,
    pagination: pagination(page, perPage, total),
  };
}

/** How many viewers the room has, for a page past the last (whose rows cannot carry it). */
async function countReaders(roomId: string, period: Period): Promise<number> {
  const [row] = await db.$queryRaw<Array<{ total: number }>>`
    WITH ${roomReadsCtes(roomId, period)} SELECT count(DISTINCT reader)::int AS total FROM activity_in`;
  return row?.total ?? 0;
}
