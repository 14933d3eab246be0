import { db } from "../db/client";
import { can, onlyWhoMay, rolesThatMay, type TeamAction, type TeamMembership } from "./permissions";

export type RoleRefusal = { title: string; role: string; askWhom: string[] };

const ASKED = 5;

/**
 * Why the member's role cannot open a page for `action`, and whom to ask (the team's members who
 * can, owner first, by name or email); null when it can. The dashboard's pages for admins say this
 * instead of answering as a missing page would: the member knows the page exists, from the nav or a link.
 */
export async function roleRefusal(who: TeamMembership, action: TeamAction): Promise<RoleRefusal | null> {
  if (can(who.role, action)) return null;
  const roles = rolesThatMay(action);
  const members = await db.teamMember.findMany({
    where: { teamId: who.teamId, role: { in: roles } },
    select: { role: true, user: { select: { name: true, email: true } } },
    orderBy: [{ joinedAt: "asc" }],
    take: 20,
  });
  const askWhom = members
    .sort((a, b) => roles.indexOf(a.role) - roles.indexOf(b.role))
    .slice(0, ASKED)
    .map((member) => `${member.user.name?.trim() || member.user.email} (${member.role})`);
  return { title: onlyWhoMay(action), role: who.role, askWhom };
}
