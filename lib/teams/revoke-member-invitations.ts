import type { Tx } from "../db/client";
import type { TeamRole } from "../generated/prisma/enums";
import { now } from "../time";
import { can } from "./permissions";

/**
 * Revokes the unused invitations a member made in a team, in the caller's transaction, once they
 * are removed (`role` null) or demoted below the role that may invite; answers how many.
 */
export async function revokeInvitationsMadeBy(tx: Tx, teamId: string, userId: string, role: TeamRole | null): Promise<number> {
  if (role !== null && can(role, "members.manage")) return 0;
  const { count } = await tx.invitation.updateMany({
    where: { teamId, createdById: userId, usedAt: null, revokedAt: null },
    data: { revokedAt: now() },
  });
  return count;
}
