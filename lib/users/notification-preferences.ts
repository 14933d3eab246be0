import type { z } from "zod";
import { fieldChanges, recordAudit } from "../audit/record-audit";
import { db } from "../db/client";
import { ApiError } from "../errors";
import { notificationPreferencesSchema } from "../schemas/users";
import type { TeamAccess, TeamRole } from "../teams/permissions";

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
    // Locked until the commit: the role is the one now, and the entry's "from" values are the ones this save replaces.
    const [before] = await tx.$queryRaw<
      Array<{
        role: TeamRole;
        digests: NotificationPreferences["digests"];
        new_leads: boolean;
        completed_reads: boolean;
        alerts: boolean;
        email: string;
      }>
    >`
      SELECT m.role::text AS role, m.digest_scope::text AS digests, m.notify_new_leads AS new_leads,
        m.notify_completed_reads AS completed_reads, m.notify_team_alerts AS alerts, u.email
      FROM team_members m JOIN users u ON u.id = m.user_id
      WHERE m.team_id = ${access.teamId}::uuid AND m.user_id = ${access.userId}::uuid
      FOR UPDATE OF m`;
    if (!before) throw new ApiError("forbidden", "You are no longer a member of this team.");
    const { role } = before;
    await tx.teamMember.update({
      where: membership(access),
      data: {
        digestScope: preferences.digests,
        notifyNewLeads: preferences.new_leads,
        notifyCompletedReads: preferences.completed_reads,
        ...(role === "admin" && { notifyTeamAlerts: preferences.team_alerts }),
      },
    });
    const gets = (alerts: boolean) => role === "owner" || (role === "admin" && alerts);
    const saved = { ...preferences, team_alerts: gets(preferences.team_alerts) };
    const changes = fieldChanges({ ...before, team_alerts: gets(before.alerts) }, saved);
    if (changes)
      await recordAudit(tx, access, {
        action: "notification_preferences.changed",
        target: { id: access.userId, label: before.email },
        details: { changes },
      });
    return saved;
  });
}
