import { z } from "zod";
import { db } from "../db/client";

/** What the owner's digest emails report besides views; both default on. */
export const notificationPreferencesSchema = z.strictObject({
  new_leads: z.boolean({ error: "new_leads must be true or false" }),
  completed_reads: z.boolean({ error: "completed_reads must be true or false" }),
});

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
