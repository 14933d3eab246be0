import { db } from "../db/client";
import { notFound } from "../errors";
import { createPersonalTeam } from "./create-personal-team";
import type { TeamMembership } from "./permissions";

/**
 * The team a dashboard sign-in acts in, with the user's role there now (the adapter adds how the
 * request came): the session's chosen team
 * while the user still belongs to it, else the team they joined most recently (so an invited
 * sign-up lands in the team that invited them). A user left with no team at all (theirs deleted)
 * gets a new personal one.
 */
export async function sessionTeamAccess(
  user: { id: string; email: string; name: string | null },
  sessionId: string | null,
): Promise<TeamMembership> {
  const chosen = sessionId
    ? await db.session.findFirst({ where: { id: sessionId, userId: user.id }, select: { activeTeamId: true } })
    : null;
  if (chosen?.activeTeamId) {
    const member = await db.teamMember.findUnique({
      where: { teamId_userId: { teamId: chosen.activeTeamId, userId: user.id } },
      select: { role: true },
    });
    if (member) return { teamId: chosen.activeTeamId, userId: user.id, role: member.role };
  }
  // A sign-up through an invitation joins both teams in one transaction (the same joined_at): the invited one wins.
  const latest = await db.teamMember.findFirst({
    where: { userId: user.id },
    orderBy: [{ joinedAt: "desc" }, { role: "desc" }, { teamId: "asc" }],
    select: { teamId: true, role: true },
  });
  if (latest) return { teamId: latest.teamId, userId: user.id, role: latest.role };
  const teamId = await db.$transaction((tx) => createPersonalTeam(tx, user));
  return { teamId, userId: user.id, role: "owner" };
}

/** Makes `teamId` this sign-in's team; 404 unless the user belongs to it. */
export async function switchTeam(userId: string, sessionId: string, teamId: string): Promise<void> {
  const member = await db.teamMember.findUnique({ where: { teamId_userId: { teamId, userId } }, select: { role: true } });
  if (!member) throw notFound("Team");
  await db.session.updateMany({ where: { id: sessionId, userId }, data: { activeTeamId: teamId } });
}
