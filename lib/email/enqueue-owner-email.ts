import type { Tx } from "../db/client";
import { now } from "../time";

/** Queues an email to an owner in the caller's transaction; the runner sends it (or logs it without SMTP). */
export async function enqueueOwnerEmail(
  tx: Tx,
  email: { userId: string; to: string; kind: string; subject: string; body: string; html?: string; eventId?: string },
) {
  await tx.notification.create({
    data: {
      userId: email.userId,
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
