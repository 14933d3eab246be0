import type { Tx } from "../db/client";
import { now } from "../time";

/**
 * Queues an email to a user in the caller's transaction; the runner sends it (or logs it without
 * SMTP). With `teamId` it goes to them as a member of that team, and is dropped unsent if they
 * have left it by then.
 */
export async function enqueueOwnerEmail(
  tx: Tx,
  email: { userId: string; teamId?: string; to: string; kind: string; subject: string; body: string; html?: string; eventId?: string },
) {
  await tx.notification.create({
    data: {
      userId: email.userId,
      teamId: email.teamId ?? null,
      toAddress: email.to,
      kind: email.kind,
      subject: email.subject,
      body: email.body,
      html: email.html ?? null,
      eventId: email.eventId ?? null,
      nextAttemptAt: now(),
      createdAt: now(),
    },
  });
}
