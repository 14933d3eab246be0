import { bestVersionCtes } from "../analytics/best-version";
import { Prisma } from "../generated/prisma/client";
import type { Period } from "../schemas/common";

/**
 * The CTEs every room figure reads from:
 * - `visits_in`: the visits made in the room, started in the period, of the documents it holds now
 *   (a document taken out or
 *   deleted leaves the room's figures, as it leaves its lists; its visits keep their room, so it
 *   comes back with them), each with its `reader`: the room's viewer, one person across the room's
 *   documents, where a document's viewer is one per document. The reader is the email when one is
 *   known for the visit's viewer or for its browser (an email given on one document names that
 *   browser's anonymous reading of the others), else the browser, else the document's viewer.
 * - `downloads_in`: the downloads made in the room in the period (alone or in its ZIP, `room_zip_id`),
 *   of the same documents, each with its reader as a visit has it; null for a download by a reader
 *   with no viewer of the document (counted, but no one's).
 * - `activity_in`: both, by readers known: reader, email, name, company domain, browser, room link and time.
 * - `read_pairs`: one row per (reader, document) read, with its visits, time, first and last activity,
 *   and its pages and completion of the version read furthest, as a document's viewer has them.
 * - `pairs`: the read pairs and the (reader, document) pairs only downloaded, with both sides'
 *   figures (zeros for the side missing) and `downloads`, `zip_downloads`.
 */
export function roomReadsCtes(roomId: string, period: Period): Prisma.Sql {
  return Prisma.sql`room_visits AS (
      SELECT v.id, v.viewer_id, v.document_id, v.version, v.page_count, v.total_time_seconds, v.started_at, v.last_activity_at,
             v.room_link_id, w.public_id, w.email, w.name, w.company_domain, w.browser_id, w.created_at AS viewer_created_at
      FROM visits v
      JOIN room_documents rd ON rd.room_id = v.room_id AND rd.document_id = v.document_id
      JOIN documents d ON d.id = v.document_id AND d.deleted_at IS NULL
      JOIN viewers w ON w.id = v.viewer_id
      WHERE v.room_id = ${roomId}::uuid
        ${period.since ? Prisma.sql`AND v.started_at >= ${period.since}` : Prisma.empty}
        ${period.until ? Prisma.sql`AND v.started_at < ${period.until}` : Prisma.empty}
    ),
    room_downloads AS (
      SELECT dl.id, dl.viewer_id, dl.document_id, dl.created_at, dl.room_link_id, dl.room_zip_id,
             w.public_id, w.email, w.name, w.company_domain, w.browser_id, w.created_at AS viewer_created_at
      FROM downloads dl
      JOIN room_documents rd ON rd.room_id = dl.room_id AND rd.document_id = dl.document_id
      JOIN documents d ON d.id = dl.document_id AND d.deleted_at IS NULL
      LEFT JOIN viewers w ON w.id = dl.viewer_id
      WHERE dl.room_id = ${roomId}::uuid
        ${period.since ? Prisma.sql`AND dl.created_at >= ${period.since}` : Prisma.empty}
        ${period.until ? Prisma.sql`AND dl.created_at < ${period.until}` : Prisma.empty}
    ),
    browser_emails AS (
      SELECT browser_id, min(email) AS email
      FROM (SELECT browser_id, email FROM room_visits UNION ALL SELECT browser_id, email FROM room_downloads) known
      WHERE email IS NOT NULL AND browser_id IS NOT NULL GROUP BY browser_id
    ),
    visits_in AS (
      SELECT rv.*, coalesce(rv.email, be.email) AS reader_email, ${readerKey("rv")} AS reader
      FROM room_visits rv LEFT JOIN browser_emails be ON be.browser_id = rv.browser_id
    ),
    downloads_in AS (
      SELECT rd.*, coalesce(rd.email, be.email) AS reader_email,
             CASE WHEN rd.viewer_id IS NOT NULL THEN ${readerKey("rd")} END AS reader
      FROM room_downloads rd LEFT JOIN browser_emails be ON be.browser_id = rd.browser_id
    ),
    activity_in AS (
      SELECT reader, reader_email, name, company_domain, browser_id, room_link_id, started_at AS at FROM visits_in
      UNION ALL
      SELECT reader, reader_email, name, company_domain, browser_id, room_link_id, created_at FROM downloads_in WHERE reader IS NOT NULL
    ),
    -- bestVersionCtes keys its rows by viewer_id: here a (reader, document) pair.
    pair_visits AS (
      SELECT id, reader || ' ' || document_id AS viewer_id, version, page_count FROM visits_in
    ),
    ${bestVersionCtes(Prisma.raw("pair_visits"))},
    read_pairs AS (
      SELECT vi.reader, vi.document_id,
             count(*)::int AS visits,
             sum(vi.total_time_seconds)::float8 AS seconds,
             min(vi.started_at) AS first_at,
             max(vi.last_activity_at) AS last_at,
             (array_agg(vi.public_id ORDER BY vi.viewer_created_at, vi.public_id))[1] AS viewer_public_id,
             coalesce(max(bv.pages), 0)::int AS pages,
             coalesce(max(bv.completion), 0)::float8 AS completion
      FROM visits_in vi LEFT JOIN best_version bv ON bv.viewer_id = vi.reader || ' ' || vi.document_id
      GROUP BY vi.reader, vi.document_id
    ),
    download_pairs AS (
      SELECT reader, document_id, count(*)::int AS downloads, count(room_zip_id)::int AS zip_downloads,
             min(created_at) AS first_at, max(created_at) AS last_at,
             (array_agg(public_id ORDER BY viewer_created_at, public_id))[1] AS viewer_public_id
      FROM downloads_in WHERE reader IS NOT NULL
      GROUP BY reader, document_id
    ),
    pairs AS (
      SELECT coalesce(r.reader, dp.reader) AS reader, coalesce(r.document_id, dp.document_id) AS document_id,
             coalesce(r.visits, 0) AS visits, coalesce(r.seconds, 0)::float8 AS seconds,
             least(r.first_at, dp.first_at) AS first_at, greatest(r.last_at, dp.last_at) AS last_at,
             coalesce(r.viewer_public_id, dp.viewer_public_id) AS viewer_public_id,
             coalesce(r.pages, 0) AS pages, coalesce(r.completion, 0)::float8 AS completion,
             coalesce(dp.downloads, 0) AS downloads, coalesce(dp.zip_downloads, 0) AS zip_downloads
      FROM read_pairs r FULL JOIN download_pairs dp ON dp.reader = r.reader AND dp.document_id = r.document_id
    )`;
}

/** The reader a visit or download (`row`, joined with `be`, its browser's email) is one person's reading as. */
const readerKey = (row: string) =>
  Prisma.sql`CASE WHEN coalesce(${Prisma.raw(row)}.email, be.email) IS NOT NULL THEN 'email:' || coalesce(${Prisma.raw(row)}.email, be.email)
                  WHEN ${Prisma.raw(row)}.browser_id IS NOT NULL THEN 'browser:' || ${Prisma.raw(row)}.browser_id
                  ELSE 'viewer:' || ${Prisma.raw(row)}.viewer_id END`;

/** Rounded as the document figures are: seconds to 2 places, fractions to 4. */
export const roundSeconds = (n: number) => Math.round(n * 100) / 100;
export const roundFraction = (n: number) => Math.round(n * 10_000) / 10_000;
