import { type AuditActor, recordAudit } from "../audit/record-audit";
import { webhookHost } from "../audit/webhook-host";
import type { Tx } from "../db/client";
import { enqueueTeamAlert } from "../email/enqueue-team-alert";
import type { WebhookDisabledReason } from "../generated/prisma/enums";
import { now } from "../time";

/** What those told can do about it, by what disabled it. */
const NEXT_STEP: Record<WebhookDisabledReason, string> = {
  failed_deliveries: "Fix the receiver, then re-enable it in Settings → Webhook or by POST /api/v1/webhooks.",
  url_setter_left:
    "If the address is your team's, save it again in Settings → Webhook (or by POST /api/v1/webhooks) to re-enable it; otherwise change or delete it.",
  account_claimed:
    "If you set this address up yourself, save it again in Settings → Webhook (or by POST /api/v1/webhooks) to re-enable it; otherwise change or delete it.",
};

export type WebhookDisabling = {
  reason: WebhookDisabledReason;
  /** Why, in the email's words: it follows "Pagewise disabled your team's webhook to <url>". */
  because: string;
  /** Who caused it, whom the audit entry names; null when no one did (its deliveries kept failing). */
  by: AuditActor | null;
  /** What the audit entry records besides the reason. */
  details?: Record<string, unknown>;
};

/**
 * The one way a webhook is disabled, in the caller's transaction: it stops (`is_active` false),
 * its pending deliveries are cancelled, the owner and the admins who want to hear are emailed, and
 * the change is audited when someone caused it. `which` narrows the team's webhook (to the one a
 * given member set); answers whether an active webhook was disabled, so two causes at once tell
 * the team once.
 */
export async function disableTeamWebhook(
  tx: Tx,
  which: { teamId: string; urlSetById?: string },
  { reason, because, by, details }: WebhookDisabling,
): Promise<boolean> {
  const [webhook] = await tx.webhook.updateManyAndReturn({
    where: { ...which, isActive: true },
    data: { isActive: false, disabledAt: now(), disabledReason: reason },
  });
  if (!webhook) return false;
  await tx.webhookDelivery.updateMany({
    where: { webhookId: webhook.id, status: "pending" },
    data: { status: "cancelled", nextAttemptAt: null },
  });
  await enqueueTeamAlert(tx, webhook.teamId, {
    kind: "webhook.disabled",
    subject: "Your Pagewise webhook was disabled",
    body: `Pagewise disabled your team's webhook to ${webhook.url} ${because}\n\n${NEXT_STEP[reason]}`,
  });
  if (by)
    await recordAudit(tx, by, {
      action: "webhook.disabled",
      target: { id: webhook.id, label: webhookHost(webhook.url) },
      details: { reason, ...details },
    });
  return true;
}
