import type { z } from "zod";
import { db } from "../db/client";
import { notificationPreferencesSchema } from "../schemas/users";

export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export async function getNotificationPreferences(userId: string): Promise<NotificationPreferences> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { notifyNewLeads: true, notifyCompletedReads: true } });
  return { new_leads: user.notifyNewLeads, completed_reads: user.notifyCompletedReads };
}

export async function updateNotificationPreferences(userId: string, input: unknown): Promise<NotificationPreferences> {
  const preferences = notificationPreferencesSchema.parse(input);
  await db.user.update({
    where: { id: userId },
    data: { notifyNewLeads: preferences.new_leads, notifyCompletedReads: preferences.completed_reads },
  });
  return preferences;
}
