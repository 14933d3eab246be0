import type { z } from "zod";
import { db } from "../db/client";
import { apiShortCode } from "../documents/short-code";
import { notFound } from "../errors";
import type { contactDetailSchema, contactEventSchema } from "../schemas/contacts";
import { teamContact } from "./team-contacts";

/** A person's page lists their latest events; older ones stay in the documents' and rooms' own records. */
export const TIMELINE_LIMIT = 200;

type EventRow = {
  kind: z.infer<typeof contactEventSchema>["kind"];
  at: Date;
  code: string | null;
  title: string | null;
  room_id: string | null;
  room_name: string | null;
  pages: number | null;
  seconds: number | null;
};

/**
 * One person across everything the team shared, newest first: their visits (document, pages, time),
 * downloads, the emails they gave at documents' and rooms' gates, and the agreements they accepted.
 * An email the team never saw is a 404, as another team's is.
 */
export async function contactTimeline(teamId: string, email: string): Promise<z.input<typeof contactDetailSchema>> {
  const contact = await teamContact(teamId, email);
  if (!contact) throw notFound("Contact");
  const rows = await db.$queryRaw<EventRow[]>`
    WITH team_docs AS (SELECT id, code, title FROM documents WHERE team_id = ${teamId}::uuid AND deleted_at IS NULL),
    team_rooms AS (SELECT id, name FROM rooms WHERE team_id = ${teamId}::uuid AND deleted_at IS NULL),
    mine AS (SELECT w.id FROM viewers w JOIN team_docs d ON d.id = w.document_id WHERE w.email = ${email}),
    events AS (
      SELECT 'visit' AS kind, v.started_at AS at, v.document_id, v.room_id, v.pages_viewed AS pages, v.total_time_seconds AS seconds
      FROM visits v WHERE v.viewer_id IN (SELECT id FROM mine)
      UNION ALL
      SELECT 'download', dl.created_at, dl.document_id, dl.room_id, NULL, NULL
      FROM downloads dl WHERE dl.viewer_id IN (SELECT id FROM mine)
      UNION ALL
      SELECT 'lead', l.captured_at, l.document_id, NULL, NULL, NULL
      FROM leads l JOIN team_docs d ON d.id = l.document_id WHERE l.email = ${email}
      UNION ALL
      SELECT 'room_lead', rl.captured_at, NULL, rl.room_id, NULL, NULL
      FROM room_leads rl JOIN team_rooms r ON r.id = rl.room_id WHERE rl.email = ${email}
      UNION ALL
      SELECT 'agreement', aa.accepted_at, aa.document_id, aa.room_id, NULL, NULL
      FROM agreement_acceptances aa
      WHERE (aa.email = ${email} OR aa.viewer_id IN (SELECT id FROM mine))
        AND (aa.document_id IN (SELECT id FROM team_docs) OR aa.room_id IN (SELECT id FROM team_rooms))
    )
    SELECT e.kind, e.at, d.code, d.title, r.id AS room_id, r.name AS room_name, e.pages, e.seconds::float8 AS seconds
    FROM events e
    LEFT JOIN team_docs d ON d.id = e.document_id
    LEFT JOIN team_rooms r ON r.id = e.room_id
    WHERE e.document_id IS NULL OR d.id IS NOT NULL
    ORDER BY e.at DESC, e.kind
    LIMIT ${TIMELINE_LIMIT}`;
  return {
    contact,
    timeline: rows.map((r) => ({
      kind: r.kind,
      at: r.at.toISOString(),
      document: r.code && r.title !== null ? { short_code: apiShortCode(r.code), title: r.title } : null,
      room: r.room_id && r.room_name !== null ? { id: r.room_id, name: r.room_name } : null,
      pages_viewed: r.kind === "visit" ? r.pages : null,
      total_time_seconds: r.kind === "visit" && r.seconds !== null ? Math.round(r.seconds * 100) / 100 : null,
    })),
  };
}
