import { config } from "../config";
import { db } from "../db/client";
import { now } from "../time";
import { smtpTransport } from "./smtp-transport";
import { logger } from "../log/logger";
import { emailHash } from "../log/email-hash";

const log = logger("notifications");

const MAX_ATTEMPTS = 5;
const LEASE_MS = 2 * 60_000;

/**
 * Sends the owner emails that are due. Without SMTP_URL they are written to the log and kept in
 * the local outbox (status `logged`), which the dashboard shows. Failures retry with backoff. An
 * email to a member about their team (a digest, a team alert) is dropped, never sent, when they
 * are no longer in the team: checked just before sending, so one removed meanwhile hears nothing more.
 */
export async function sendDueNotifications(limit = 20): Promise<number> {
  const at = now();
  const claimed = await db.$queryRaw<Array<{ id: string }>>`
    UPDATE notifications SET next_attempt_at = ${new Date(at.getTime() + LEASE_MS)}
    WHERE id IN (
      SELECT id FROM notifications WHERE status = 'pending' AND next_attempt_at <= ${at}
      ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
    ) RETURNING id`;
  for (const { id } of claimed) {
    const message = await db.notification.findUniqueOrThrow({ where: { id } });
    if (message.teamId && !(await stillMember(message.teamId, message.userId))) {
      await db.notification.update({
        where: { id },
        data: { status: "dropped", nextAttemptAt: null, error: "The recipient left the team." },
      });
      continue;
    }
    const transporter = smtpTransport();
    if (!transporter) {
      log.info({ to: emailHash(message.toAddress), kind: message.kind }, "no SMTP_URL: email kept in the local outbox");
      await db.notification.update({
        where: { id },
        data: { status: "logged", sentAt: now(), attempts: message.attempts + 1, nextAttemptAt: null },
      });
      continue;
    }
    try {
      await transporter.sendMail({
        from: config().SMTP_FROM,
        to: message.toAddress,
        subject: message.subject,
        text: message.body,
        ...(message.html && { html: message.html }),
      });
      await db.notification.update({
        where: { id },
        data: { status: "sent", sentAt: now(), attempts: message.attempts + 1, nextAttemptAt: null, error: null },
      });
    } catch (error) {
      const attempts = message.attempts + 1;
      await db.notification.update({
        where: { id },
        data: {
          attempts,
          error: error instanceof Error ? error.message : String(error),
          status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
          nextAttemptAt: attempts >= MAX_ATTEMPTS ? null : new Date(now().getTime() + attempts * 60_000),
        },
      });
    }
  }
  return claimed.length;
}

const stillMember = async (teamId: string, userId: string) => (await db.teamMember.count({ where: { teamId, userId } })) > 0;
