import type { z } from "zod";
import { db } from "../db/client";
import { Prisma } from "../generated/prisma/client";
import { levelOfRank } from "../rules/engagement";
import { pagination } from "../schemas/common";
import type { ContactsQuery, contactListSchema, contactSchema } from "../schemas/contacts";

export type ContactRow = {
  email: string;
  name: string | null;
  documents: number;
  rooms: number;
  visits: number;
  seconds: number;
  first_at: Date;
  last_at: Date;
  rank: number;
  lead: boolean;
  total: number;
};

/**
 * One row per fact that makes someone a contact, every source in the team's active documents and rooms:
 * a document's viewer with an email (its maintained figures), the rooms such a viewer read in, and the
 * emails given at a document's or a room's gate. Emails are kept lower-cased by the gate, so they group as they are.
 */
export function contactFactsCte(teamId: string, email?: string): Prisma.Sql {
  const only = (column: Prisma.Sql) => (email ? Prisma.sql`AND ${column} = ${email}` : Prisma.empty);
  return Prisma.sql`team_docs AS (SELECT id FROM documents WHERE team_id = ${teamId}::uuid AND deleted_at IS NULL),
    team_rooms AS (SELECT id FROM rooms WHERE team_id = ${teamId}::uuid AND deleted_at IS NULL),
    facts AS (
      SELECT w.email, w.name, w.document_id, NULL::uuid AS room_id, w.visits, w.total_time_seconds AS seconds,
             coalesce(w.first_viewed_at, w.created_at) AS first_at, coalesce(w.last_viewed_at, w.created_at) AS last_at,
             w.engagement_rank::int AS rank, false AS lead
      FROM viewers w JOIN team_docs d ON d.id = w.document_id
      WHERE w.email IS NOT NULL ${only(Prisma.sql`w.email`)}
      UNION ALL
      SELECT DISTINCT w.email, NULL::text, NULL::uuid, v.room_id, 0, 0, NULL::timestamptz, NULL::timestamptz, 0, false
      FROM visits v JOIN team_rooms r ON r.id = v.room_id JOIN viewers w ON w.id = v.viewer_id
      WHERE w.email IS NOT NULL ${only(Prisma.sql`w.email`)}
      UNION ALL
      SELECT l.email, nullif(l.name, ''), l.document_id, NULL::uuid, 0, 0, l.captured_at, l.captured_at, 0, true
      FROM leads l JOIN team_docs d ON d.id = l.document_id
      WHERE true ${only(Prisma.sql`l.email`)}
      UNION ALL
      SELECT rl.email, nullif(rl.name, ''), NULL::uuid, rl.room_id, 0, 0, rl.captured_at, rl.captured_at, 0, true
      FROM room_leads rl JOIN team_rooms r ON r.id = rl.room_id
      WHERE true ${only(Prisma.sql`rl.email`)}
    )`;
}

const ORDER: Record<ContactsQuery["sort"], Prisma.Sql> = {
  last_active: Prisma.sql`max(f.last_at) DESC, f.email`,
  total_time: Prisma.sql`sum(f.seconds) DESC, max(f.last_at) DESC, f.email`,
  engagement: Prisma.sql`max(f.rank) DESC, max(f.last_at) DESC, f.email`,
};

type Filters = Pick<ContactsQuery, "search" | "company" | "since">;

/** The filters as the grouped query's WHERE and HAVING; a search is a substring of the email or of a name given. */
function filterSql({ search, company, since }: Filters) {
  const needle = search ? `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return {
    where: company ? Prisma.sql`WHERE split_part(f.email, '@', 2) = ${company}` : Prisma.empty,
    having: Prisma.sql`HAVING true
      ${needle ? Prisma.sql`AND (f.email LIKE ${needle} OR lower(coalesce(max(f.name), '')) LIKE ${needle})` : Prisma.empty}
      ${since ? Prisma.sql`AND max(f.last_at) >= ${since}` : Prisma.empty}`,
  };
}

const GROUPED = Prisma.sql`f.email, max(f.name) AS name,
  count(DISTINCT f.document_id) FILTER (WHERE f.visits > 0)::int AS documents,
  count(DISTINCT f.room_id)::int AS rooms,
  sum(f.visits)::int AS visits, sum(f.seconds)::float8 AS seconds,
  min(f.first_at) AS first_at, max(f.last_at) AS last_at, max(f.rank)::int AS rank, bool_or(f.lead) AS lead`;

/** The team's contacts, filtered, sorted and paginated in one grouped query (the total beside each row). */
export async function teamContacts(teamId: string, query: ContactsQuery): Promise<z.input<typeof contactListSchema>> {
  const { where, having } = filterSql(query);
  const rows = await db.$queryRaw<ContactRow[]>`
    WITH ${contactFactsCte(teamId)}
    SELECT ${GROUPED}, count(*) OVER ()::int AS total
    FROM facts f ${where}
    GROUP BY f.email ${having}
    ORDER BY ${ORDER[query.sort]}
    LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}`;
  const total = rows[0]?.total ?? (query.page > 1 ? await countContacts(teamId, query) : 0);
  return { contacts: rows.map(serializeContact), pagination: pagination(query.page, query.per_page, total) };
}

/** Past the last page the window count has no row to ride on. */
async function countContacts(teamId: string, filters: Filters): Promise<number> {
  const { where, having } = filterSql(filters);
  const [row] = await db.$queryRaw<Array<{ total: number }>>`
    WITH ${contactFactsCte(teamId)}
    SELECT count(*)::int AS total FROM (SELECT f.email FROM facts f ${where} GROUP BY f.email ${having}) people`;
  return row?.total ?? 0;
}

/** One person's figures across the team; null when the team never saw the email. */
export async function teamContact(teamId: string, email: string): Promise<z.input<typeof contactSchema> | null> {
  const [row] = await db.$queryRaw<ContactRow[]>`
    WITH ${contactFactsCte(teamId, email)}
    SELECT ${GROUPED}, 1 AS total FROM facts f GROUP BY f.email`;
  return row ? serializeContact(row) : null;
}

export const serializeContact = (r: ContactRow): z.input<typeof contactSchema> => ({
  email: r.email,
  name: r.name,
  company_domain: r.email.slice(r.email.lastIndexOf("@") + 1),
  documents_read: r.documents,
  rooms_read: r.rooms,
  visits: r.visits,
  total_time_seconds: Math.round(r.seconds * 100) / 100,
  first_seen_at: r.first_at.toISOString(),
  last_active_at: r.last_at.toISOString(),
  engagement_label: levelOfRank(r.rank).label,
  lead: r.lead,
});

/** The companies the team's contacts come from, most people first: the Contacts page's company filter offers these. */
export async function contactCompanies(teamId: string, limit = 100): Promise<Array<{ domain: string; people: number }>> {
  return db.$queryRaw`
    WITH ${contactFactsCte(teamId)}
    SELECT split_part(f.email, '@', 2) AS domain, count(DISTINCT f.email)::int AS people
    FROM facts f GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${limit}`;
}
