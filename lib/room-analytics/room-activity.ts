import type { z } from "zod";
import { db } from "../db/client";
import { apiShortCode, parseShortCode } from "../documents/short-code";
import { Prisma, type Room } from "../generated/prisma/client";
import { findRoomGroup } from "../rooms/find-room-group";
import { findRoomLink } from "../rooms/find-room-link";
import { roomIndexNumbers } from "../rooms/room-contents";
import { pagination } from "../schemas/common";
import type { RoomActivityKind, roomActivityListSchema, RoomActivityQuery } from "../schemas/room-analytics";
import { roundSeconds } from "./room-reads";

type ActivityRow = {
  id: string;
  kind: RoomActivityKind;
  at: Date;
  email: string | null;
  link_code: string | null;
  link_name: string | null;
  group_id: string | null;
  group_name: string | null;
  document_id: string | null;
  document_code: string | null;
  document_title: string | null;
  pages: number | null;
  seconds: number | null;
  agreement: string | null;
  documents_count: number | null;
};

/**
 * The room's activity record, newest first: one row per event of its readers, read from the tables
 * that record them (room_leads, agreement_acceptances, visits, downloads, questions), so nothing is stored
 * twice. A ZIP is one row (its documents' downloads share a room_zip_id). A reader's email is the
 * one known for the event, else the one their browser gave in the room, as the room's viewers have it.
 * Filters: `link` a room link's code (404 when it is none of this room's; the room's own code: its
 * default link), `group_id` the links its group has now (404 when it is none of this room's groups),
 * `email` any case, `short_code` a document (the gate, agreement and ZIP rows name none).
 */
export async function roomActivity(room: Room, query: RoomActivityQuery): Promise<z.input<typeof roomActivityListSchema>> {
  const activity = Prisma.sql`
    WITH browser_emails AS (
      SELECT w.browser_id, min(w.email) AS email
      FROM visits v JOIN viewers w ON w.id = v.viewer_id
      WHERE v.room_id = ${room.id}::uuid AND w.email IS NOT NULL AND w.browser_id IS NOT NULL
      GROUP BY w.browser_id
    ),
    activity AS (
      SELECT 'gate_passed' AS kind, l.captured_at AS at, l.id AS id, l.email, l.room_link_id, NULL::uuid AS document_id,
             NULL::int AS pages, NULL::float8 AS seconds, NULL::text AS agreement, NULL::int AS documents_count
      FROM room_leads l WHERE l.room_id = ${room.id}::uuid
      UNION ALL
      SELECT 'agreement_accepted', a.accepted_at, a.id, coalesce(a.email, be.email), a.room_link_id, NULL, NULL, NULL, a.agreement, NULL
      FROM agreement_acceptances a LEFT JOIN browser_emails be ON be.browser_id = a.browser_id
      WHERE a.room_id = ${room.id}::uuid
      UNION ALL
      SELECT 'document_viewed', v.started_at, v.id, coalesce(w.email, be.email), v.room_link_id, v.document_id,
             v.pages_viewed, v.total_time_seconds, NULL, NULL
      FROM visits v JOIN viewers w ON w.id = v.viewer_id LEFT JOIN browser_emails be ON be.browser_id = w.browser_id
      WHERE v.room_id = ${room.id}::uuid
      UNION ALL
      SELECT 'download', dl.created_at, dl.id, coalesce(w.email, be.email), dl.room_link_id, dl.document_id, NULL, NULL, NULL, NULL
      FROM downloads dl LEFT JOIN viewers w ON w.id = dl.viewer_id LEFT JOIN browser_emails be ON be.browser_id = w.browser_id
      WHERE dl.room_id = ${room.id}::uuid AND dl.room_zip_id IS NULL
      UNION ALL
      SELECT 'zip_download', min(dl.created_at), dl.room_zip_id, min(coalesce(w.email, be.email)), (array_agg(dl.room_link_id))[1],
             NULL, NULL, NULL, NULL, count(*)::int
      FROM downloads dl LEFT JOIN viewers w ON w.id = dl.viewer_id LEFT JOIN browser_emails be ON be.browser_id = w.browser_id
      WHERE dl.room_id = ${room.id}::uuid AND dl.room_zip_id IS NOT NULL
      GROUP BY dl.room_zip_id
      UNION ALL
      SELECT 'question_asked', q.created_at, q.id, q.asker_email, ql.id, q.document_id, NULL, NULL, NULL, NULL
      FROM questions q LEFT JOIN room_links ql ON ql.code = q.share_code
      WHERE q.room_id = ${room.id}::uuid
    )
    SELECT a.kind, a.at, a.id, a.email, a.document_id, a.pages, a.seconds, a.agreement, a.documents_count,
           rl.code AS link_code, rl.name AS link_name, g.id AS group_id, g.name AS group_name, d.code AS document_code, d.title AS document_title
    FROM activity a
    LEFT JOIN room_links rl ON rl.id = a.room_link_id
    LEFT JOIN room_groups g ON g.id = rl.group_id
    LEFT JOIN documents d ON d.id = a.document_id
    WHERE ${Prisma.join(await conditions(room, query), " AND ")}`;
  const { page, per_page: perPage } = query;
  const [[counted], rows, index] = await Promise.all([
    db.$queryRaw<Array<{ total: number }>>`SELECT count(*)::int AS total FROM (${activity}) filtered`,
    db.$queryRaw<ActivityRow[]>`${activity} ORDER BY a.at DESC, a.kind, a.id LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
    roomIndexNumbers(room.id),
  ]);
  return {
    activity: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      at: row.at.toISOString(),
      email: row.email,
      link: row.link_code ? { code: row.link_code, name: row.link_name } : { code: room.code, name: null },
      group: row.group_id ? { id: row.group_id, name: row.group_name ?? "" } : null,
      document:
        row.document_id && row.document_code
          ? { short_code: apiShortCode(row.document_code), title: row.document_title ?? "", index: index.get(row.document_id) ?? null }
          : null,
      pages: row.pages,
      seconds: row.seconds === null ? null : roundSeconds(row.seconds),
      agreement_text: row.agreement,
      documents_count: row.documents_count,
    })),
    pagination: pagination(page, perPage, counted?.total ?? 0),
  };
}

async function conditions(room: Room, query: RoomActivityQuery): Promise<Prisma.Sql[]> {
  const where = [Prisma.sql`TRUE`];
  if (query.kind) where.push(Prisma.sql`a.kind = ${query.kind}`);
  if (query.since) where.push(Prisma.sql`a.at >= ${query.since}`);
  if (query.until) where.push(Prisma.sql`a.at < ${query.until}`);
  if (query.email) where.push(Prisma.sql`lower(a.email) = lower(${query.email})`);
  if (query.short_code) where.push(Prisma.sql`d.code = ${parseShortCode(query.short_code)}`);
  if (query.group_id) where.push(Prisma.sql`rl.group_id = ${(await findRoomGroup(room, query.group_id)).id}::uuid`);
  if (query.link) {
    const ownCode = parseShortCode(query.link) === room.code;
    where.push(
      ownCode ? Prisma.sql`a.room_link_id IS NULL` : Prisma.sql`a.room_link_id = ${(await findRoomLink(room, query.link)).id}::uuid`,
    );
  }
  return where;
}
