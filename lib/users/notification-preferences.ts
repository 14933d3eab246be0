import type { z } from "zod";
import { db } from "../db/client";
import { ApiError } from "../errors";
import { notificationPreferencesSchema } from "../schemas/users";
import type { TeamAccess } from "../teams/permissions";

export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

const membership = (access: TeamAccess) => ({ teamId_userId: { teamId: access.teamId, userId: access.userId } });

/**
 * The member's own preferences in the team. `team_alerts` is what they get: always for the owner,
 * never for a member, the admin's choice otherwise.
 */
export async function getNotificationPreferences(access: TeamAccess): Promise<NotificationPreferences> {
  const member = await db.teamMember.findUniqueOrThrow({
    where: membership(access),
    select: { role: true, digestScope: true, notifyNewLeads: true, notifyCompletedReads: true, notifyTeamAlerts: true },
  });
  return {
    digests: member.digestScope,
    new_leads: member.notifyNewLeads,
    completed_reads: member.notifyCompletedReads,
    team_alerts: member.role === "owner" || (member.role === "admin" && member.notifyTeamAlerts),
  };
}

/**
 * Saves the member's preferences in the team; nothing changes when the input is not valid. Only an
 * admin's `team_alerts` is stored: the owner's and a member's are fixed by their role, and an
 * admin demoted to member and promoted again finds their choice as they left it.
 */
export async function updateNotificationPreferences(access: TeamAccess, input: unknown): Promise<NotificationPreferences> {
  const preferences = notificationPreferencesSchema.parse(input);
  return db.$transaction(async (tx) => {
    const { count } = await tx.teamMember.updateMany({
      where: { teamId: access.teamId, userId: access.userId },
      data: { digestScope: preferences.digests, notifyNewLeads: preferences.new_leads, notifyCompletedReads: preferences.completed_reads },
    });
    if (count === 0) throw new ApiError("forbidden", "You are no longer a member of this team.");
    // The role as it is now: the row stays locked by the update above until the commit.
    const { role } = await tx.teamMember.findUniqueOrThrow({ where: membership(access), select: { role: true } });
    if (role === "admin") await tx.teamMember.update({ where: membership(access), data: { notifyTeamAlerts: preferences.team_alerts } });
    return { ...preferences, team_alerts: role === "owner" || (role === "admin" && preferences.team_alerts) };
  });
}
