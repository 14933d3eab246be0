import type { z } from "zod";
import { fieldChanges, recordAudit } from "../audit/record-audit";
import { db } from "../db/client";
import { notificationPreferencesSchema } from "../schemas/users";
import type { TeamAccess } from "../teams/permissions";

export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

const membership = (access: TeamAccess) => ({ teamId_userId: { teamId: access.teamId, userId: access.userId } });

export async function getNotificationPreferences(access: TeamAccess): Promise<NotificationPreferences> {
  const member = await db.teamMember.findUniqueOrThrow({
    where: membership(access),
    select: { notifyNewLeads: true, notifyCompletedReads: true },
  });
  return { new_leads: member.notifyNewLeads, completed_reads: member.notifyCompletedReads };
}

export async function updateNotificationPreferences(access: TeamAccess, input: unknown): Promise<NotificationPreferences> {
  const preferences = notificationPreferencesSchema.parse(input);
  await db.$transaction(async (tx) => {
    const before = await tx.teamMember.findUniqueOrThrow({
      where: membership(access),
      select: { notifyNewLeads: true, notifyCompletedReads: true, user: { select: { email: true } } },
    });
    await tx.teamMember.update({
      where: membership(access),
      data: { notifyNewLeads: preferences.new_leads, notifyCompletedReads: preferences.completed_reads },
    });
    const changes = fieldChanges({ new_leads: before.notifyNewLeads, completed_reads: before.notifyCompletedReads }, preferences);
    if (changes)
      await recordAudit(tx, access, {
        action: "notification_preferences.changed",
        target: { id: access.userId, label: before.user.email },
        details: { changes },
      });
  });
  return preferences;
}
