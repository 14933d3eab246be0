import { db } from "../db/client";
import { apiShortCode } from "../documents/short-code";
import { now } from "../time";

/** A reader counts as reading now while their last beacon is at most this old. */
export const READING_NOW_MS = 2 * 60_000;
/**
 * Visits are found through their start (indexed per document), not their last activity (rewritten by
 * every beacon, so left unindexed): a visit still going after this long is not looked for.
 */
const LONGEST_VISIT_MS = 24 * 3_600_000;
const SHOWN = 20;

export type ReaderNow = {
  visit_id: string;
  email: string | null;
  name: string | null;
  document: { short_code: string; title: string };
  room: { id: string; name: string } | null;
  /** The page of their latest beacon; null before one has named a page. */
  page: number | null;
  page_count: number;
  started_at: string;
  last_active_at: string;
};

type Row = {
  visit_id: string;
  email: string | null;
  name: string | null;
  code: string;
  title: string;
  room_id: string | null;
  room_name: string | null;
  page: number | null;
  page_count: number;
  started_at: Date;
  last_active_at: Date;
};

/** The team's readers active in the last two minutes, the most recent first, each on the document and page of their latest beacon. */
export async function readingNow(teamId: string, at: Date = now()): Promise<ReaderNow[]> {
  const rows = await db.$queryRaw<Row[]>`
    SELECT v.id AS visit_id, w.email, w.name, d.code, d.title, r.id AS room_id, r.name AS room_name, v.page_count,
           v.started_at, v.last_activity_at AS last_active_at,
           (SELECT pt.page FROM page_times pt WHERE pt.visit_id = v.id ORDER BY pt.updated_at DESC, pt.page DESC LIMIT 1) AS page
    FROM documents d
    JOIN visits v ON v.document_id = d.id
    JOIN viewers w ON w.id = v.viewer_id
    LEFT JOIN rooms r ON r.id = v.room_id AND r.deleted_at IS NULL
    WHERE d.team_id = ${teamId}::uuid AND d.deleted_at IS NULL
      AND v.started_at >= ${new Date(at.getTime() - LONGEST_VISIT_MS)}
      AND v.last_activity_at >= ${new Date(at.getTime() - READING_NOW_MS)}
    ORDER BY v.last_activity_at DESC, v.id
    LIMIT ${SHOWN}`;
  return rows.map((r) => ({
    visit_id: r.visit_id,
    email: r.email,
    name: r.name,
    document: { short_code: apiShortCode(r.code), title: r.title },
    room: r.room_id && r.room_name ? { id: r.room_id, name: r.room_name } : null,
    page: r.page,
    page_count: r.page_count,
    started_at: r.started_at.toISOString(),
    last_active_at: r.last_active_at.toISOString(),
  }));
}
