import { db } from "../db/client";
import { Prisma, type Room } from "../generated/prisma/client";
import { roundSeconds } from "./room-reads";

export type RoomLinkStats = {
  readers: number;
  leads: number;
  visits: number;
  documents: number;
  seconds: number;
  downloads: number;
  zipDownloads: number;
  lastVisitAt: string | null;
};

/**
 * What readers did through one room link (null: the room's own code), all time: who read (an email
 * once given, else a browser, as the room's viewers count people), who passed its gate, its visits,
 * the documents they opened and their time, and its downloads (a ZIP counted once).
 */
export async function roomLinkStats(room: Room, linkId: string | null): Promise<RoomLinkStats> {
  const through = (column: Prisma.Sql) => (linkId === null ? Prisma.sql`${column} IS NULL` : Prisma.sql`${column} = ${linkId}::uuid`);
  const [row] = await db.$queryRaw<
    Array<{
      readers: number;
      leads: number;
      visits: number;
      documents: number;
      seconds: number;
      downloads: number;
      zips: number;
      last_visit: Date | null;
    }>
  >`
    SELECT
      (SELECT count(DISTINCT coalesce(lower(w.email), 'browser:' || coalesce(w.browser_id, w.id::text)))::int
         FROM visits v JOIN viewers w ON w.id = v.viewer_id
         WHERE v.room_id = ${room.id}::uuid AND ${through(Prisma.sql`v.room_link_id`)}) AS readers,
      (SELECT count(DISTINCT lower(l.email))::int FROM room_leads l
         WHERE l.room_id = ${room.id}::uuid AND ${through(Prisma.sql`l.room_link_id`)}) AS leads,
      (SELECT count(*)::int FROM visits v WHERE v.room_id = ${room.id}::uuid AND ${through(Prisma.sql`v.room_link_id`)}) AS visits,
      (SELECT count(DISTINCT v.document_id)::int FROM visits v
         WHERE v.room_id = ${room.id}::uuid AND ${through(Prisma.sql`v.room_link_id`)}) AS documents,
      (SELECT coalesce(sum(v.total_time_seconds), 0)::float8 FROM visits v
         WHERE v.room_id = ${room.id}::uuid AND ${through(Prisma.sql`v.room_link_id`)}) AS seconds,
      (SELECT count(*)::int FROM downloads d
         WHERE d.room_id = ${room.id}::uuid AND d.room_zip_id IS NULL AND ${through(Prisma.sql`d.room_link_id`)}) AS downloads,
      (SELECT count(DISTINCT d.room_zip_id)::int FROM downloads d
         WHERE d.room_id = ${room.id}::uuid AND ${through(Prisma.sql`d.room_link_id`)}) AS zips,
      (SELECT max(v.started_at) FROM visits v WHERE v.room_id = ${room.id}::uuid AND ${through(Prisma.sql`v.room_link_id`)}) AS last_visit`;
  return {
    readers: row!.readers,
    leads: row!.leads,
    visits: row!.visits,
    documents: row!.documents,
    seconds: roundSeconds(row!.seconds),
    downloads: row!.downloads,
    zipDownloads: row!.zips,
    lastVisitAt: row!.last_visit?.toISOString() ?? null,
  };
}
