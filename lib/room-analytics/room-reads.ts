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
 * - `pairs`: one row per (reader, document) with its visits, time, first and last activity, and its
 *   pages and completion of the version read furthest, as a document's viewer has them.
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
    browser_emails AS (
      SELECT browser_id, min(email) AS email FROM room_visits
      WHERE email IS NOT NULL AND browser_id IS NOT NULL GROUP BY browser_id
    ),
    visits_in AS (
      SELECT rv.*, coalesce(rv.email, be.email) AS reader_email,
             CASE WHEN coalesce(rv.email, be.email) IS NOT NULL THEN 'email:' || coalesce(rv.email, be.email)
                  WHEN rv.browser_id IS NOT NULL THEN 'browser:' || rv.browser_id
                  ELSE 'viewer:' || rv.viewer_id END AS reader
      FROM room_visits rv LEFT JOIN browser_emails be ON be.browser_id = rv.browser_id
    ),
    -- bestVersionCtes keys its rows by viewer_id: here a (reader, document) pair.
    pair_visits AS (
      SELECT id, reader || ' ' || document_id AS viewer_id, version, page_count FROM visits_in
    ),
    ${bestVersionCtes(Prisma.raw("pair_visits"))},
    pairs AS (
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
    )`;
}

/** Rounded as the document figures are: seconds to 2 places, fractions to 4. */
export const roundSeconds = (n: number) => Math.round(n * 100) / 100;
export const roundFraction = (n: number) => Math.round(n * 10_000) / 10_000;
