import { db } from "../db/client";
import { apiShortCode } from "../documents/short-code";
import { now } from "../time";

const SHOWN = 10;
/** The feed looks this far back, so each source is read through its time index, not in full. */
const LOOKBACK_MS = 30 * 86_400_000;

export type ActivityItem = {
  kind: "visit" | "download" | "lead" | "room_lead";
  at: string;
  email: string | null;
  document: { short_code: string; title: string } | null;
  room: { id: string; name: string } | null;
  pages_viewed: number | null;
  total_time_seconds: number | null;
};

type Row = {
  kind: ActivityItem["kind"];
  at: Date;
  email: string | null;
  code: string | null;
  title: string | null;
  room_id: string | null;
  room_name: string | null;
  pages: number | null;
  seconds: number | null;
};

/** The team's latest visits, downloads and emails given (at documents' and rooms' gates), newest first. */
export async function recentActivity(teamId: string, at: Date = now()): Promise<ActivityItem[]> {
  const from = new Date(at.getTime() - LOOKBACK_MS);
  const rows = await db.$queryRaw<Row[]>`
    WITH team_docs AS (SELECT id, code, title FROM documents WHERE team_id = ${teamId}::uuid AND deleted_at IS NULL),
    team_rooms AS (SELECT id, name FROM rooms WHERE team_id = ${teamId}::uuid AND deleted_at IS NULL),
    events AS (
      (SELECT 'visit' AS kind, v.started_at AS at, w.email, v.document_id, v.room_id, v.pages_viewed AS pages, v.total_time_seconds AS seconds
       FROM team_docs d JOIN visits v ON v.document_id = d.id JOIN viewers w ON w.id = v.viewer_id
       WHERE v.started_at >= ${from} AND v.started_at <= ${at} ORDER BY v.started_at DESC LIMIT ${SHOWN})
      UNION ALL
      (SELECT 'download', dl.created_at, w.email, dl.document_id, dl.room_id, NULL, NULL
       FROM team_docs d JOIN downloads dl ON dl.document_id = d.id LEFT JOIN viewers w ON w.id = dl.viewer_id
       WHERE dl.created_at >= ${from} AND dl.created_at <= ${at} ORDER BY dl.created_at DESC LIMIT ${SHOWN})
      UNION ALL
      (SELECT 'lead', l.captured_at, l.email, l.document_id, NULL, NULL, NULL
       FROM team_docs d JOIN leads l ON l.document_id = d.id
       WHERE l.captured_at >= ${from} AND l.captured_at <= ${at} ORDER BY l.captured_at DESC LIMIT ${SHOWN})
      UNION ALL
      (SELECT 'room_lead', rl.captured_at, rl.email, NULL, rl.room_id, NULL, NULL
       FROM team_rooms r JOIN room_leads rl ON rl.room_id = r.id
       WHERE rl.captured_at >= ${from} AND rl.captured_at <= ${at} ORDER BY rl.captured_at DESC LIMIT ${SHOWN})
    )
    SELECT e.kind, e.at, e.email, d.code, d.title, r.id AS room_id, r.name AS room_name, e.pages, e.seconds::float8 AS seconds
    FROM events e LEFT JOIN team_docs d ON d.id = e.document_id LEFT JOIN team_rooms r ON r.id = e.room_id
    ORDER BY e.at DESC, e.kind
    LIMIT ${SHOWN}`;
  return rows.map((r) => ({
    kind: r.kind,
    at: r.at.toISOString(),
    email: r.email,
    document: r.code && r.title !== null ? { short_code: apiShortCode(r.code), title: r.title } : null,
    room: r.room_id && r.room_name !== null ? { id: r.room_id, name: r.room_name } : null,
    pages_viewed: r.kind === "visit" ? r.pages : null,
    total_time_seconds: r.kind === "visit" && r.seconds !== null ? Math.round(r.seconds * 100) / 100 : null,
  }));
}
