import { db } from "../db/client";
import type { TeamMembership, TeamRole } from "./permissions";

export type TeamChoice = { id: string; name: string; role: TeamRole };

/** The teams a user belongs to, the most recently joined first (the dashboard's switcher). */
export async function teamsOf(userId: string): Promise<TeamChoice[]> {
  const rows = await db.teamMember.findMany({
    where: { userId },
    orderBy: [{ joinedAt: "desc" }, { teamId: "asc" }],
    select: { role: true, team: { select: { id: true, name: true } } },
  });
  return rows.map((row) => ({ id: row.team.id, name: row.team.name, role: row.role }));
}

/** The user's place in a team now, or null when they are not a member. */
export async function membershipIn(teamId: string, userId: string): Promise<TeamMembership | null> {
  const row = await db.teamMember.findUnique({ where: { teamId_userId: { teamId, userId } }, select: { role: true } });
  return row ? { teamId, userId, role: row.role } : null;
}
