import type { Period } from "../schemas/common";
import { db } from "../db/client";
import { Prisma } from "../generated/prisma/client";
import { type ByLink, visitsOfLink } from "./document-stats";

const DAY = 86_400_000;

/**
 * Visits per UTC day over a period (every day present, zeros included), for an owner, one of their
 * documents or one link of it.
 */
export async function viewsOverTime(
  teamId: string,
  period: Period,
  options: { documentId?: string; link?: ByLink; daysWhenOpen?: number } = {},
): Promise<Array<{ day: string; views: number }>> {
  const { documentId, link, daysWhenOpen = 42 } = options;
  const until = period.until ?? new Date(Math.floor(Date.now() / DAY) * DAY + DAY);
  const since = period.since ?? new Date(until.getTime() - daysWhenOpen * DAY);
  const rows = await db.$queryRaw<Array<{ day: string; views: number }>>`
    SELECT to_char(date_trunc('day', v.started_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, count(*)::int AS views
    FROM visits v JOIN documents d ON d.id = v.document_id
    WHERE d.team_id = ${teamId}::uuid AND d.deleted_at IS NULL
      AND v.started_at >= ${since} AND v.started_at < ${until}
      ${documentId ? Prisma.sql`AND d.id = ${documentId}::uuid` : Prisma.empty}
      ${visitsOfLink(link, Prisma.raw("v.link_id"))}
    GROUP BY 1 ORDER BY 1`;
  const byDay = new Map(rows.map((r) => [r.day, r.views]));
  const days: Array<{ day: string; views: number }> = [];
  for (let t = Math.floor(since.getTime() / DAY) * DAY; t < until.getTime(); t += DAY) {
    const day = new Date(t).toISOString().slice(0, 10);
    days.push({ day, views: byDay.get(day) ?? 0 });
  }
  return days;
}
