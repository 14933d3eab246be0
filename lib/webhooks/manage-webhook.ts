import type { z } from "zod";
import { ApiError, notFound } from "../errors";
import type { deliverySchema, WebhookInput, webhookConfigurationSchema, webhookSchema, webhookTestResultSchema } from "../schemas/webhooks";
import { type AuditActor, fieldChanges, recordAudit } from "../audit/record-audit";
import { webhookHost } from "../audit/webhook-host";
import { db, type Tx } from "../db/client";
import { isUniqueViolation } from "../db/unique-violation";
import type { Prisma, Webhook, WebhookDelivery } from "../generated/prisma/client";
import { can } from "../teams/permissions";
import { newEventId, newWebhookSecret } from "../ids";
import { now } from "../time";
import { EVENTS_CHANNEL } from "../events/record-event";
import { attemptDelivery } from "./attempt-delivery";
import { DEFAULT_EVENT_KINDS, EVENT_KINDS, type EventKind } from "../schemas/events";
import { webhookUrlProblem } from "./ssrf-guard";

const RECENT_DELIVERIES = 50;

/** The kinds a webhook receives, as the contract names them (its column holds them as plain text). */
const subscribedKinds = (events: string[]): EventKind[] => EVENT_KINDS.filter((kind) => events.includes(kind));

export function serializeWebhook(webhook: Webhook, secret?: string): z.input<typeof webhookSchema> {
  return {
    webhook_id: webhook.id,
    url: webhook.url,
    events: subscribedKinds(webhook.events),
    is_active: webhook.isActive,
    ...(secret ? { secret } : {}),
  };
}

export function serializeDelivery(d: WebhookDelivery & { event: { payload: Prisma.JsonValue } }): z.input<typeof deliverySchema> {
  return {
    delivery_id: d.id,
    event_id: d.eventId,
    event: d.eventType,
    // A delivery cancelled because its webhook went away reads as failed: it was not delivered.
    status: d.status === "cancelled" ? "failed" : d.status,
    attempts: d.attempts,
    response_status: d.responseStatus,
    error: d.error,
    duration_ms: d.durationMs,
    created_at: d.createdAt.toISOString(),
    last_attempt_at: d.lastAttemptAt?.toISOString() ?? null,
    next_attempt_at: d.status === "pending" ? (d.nextAttemptAt?.toISOString() ?? null) : null,
    payload: d.event.payload as Record<string, unknown>,
    response_body: d.responseBody,
  };
}

/**
 * Holds the team's members as they are until the save commits, and refuses a saver who may no
 * longer manage the webhook: a removal or demotion landing meanwhile would otherwise look for the
 * webhook they set before it was theirs, and miss it. Member changes lock the team's row first
 * (lib/teams/manage-team.ts), so this does too: in the other order the two deadlock. An operator's
 * command has no membership to hold.
 */
async function holdSaversRole(tx: Tx, by: AuditActor): Promise<void> {
  if (!by.userId) return;
  await tx.$queryRaw`SELECT 1 FROM teams WHERE id = ${by.teamId}::uuid FOR SHARE`;
  const member = await tx.teamMember.findUnique({
    where: { teamId_userId: { teamId: by.teamId, userId: by.userId } },
    select: { role: true },
  });
  if (!member || !can(member.role, "webhook.manage")) throw new ApiError("forbidden", "You may no longer manage this team's webhook.");
}

/**
 * Creates the team's webhook (201, secret shown once) or replaces its url and events (200). A
 * POST to a disabled webhook re-enables it and resets its failure count (audited as
 * `webhook.enabled`, any other save as `webhook.saved`). The saver becomes who answers for the
 * address when they create it, change it or re-enable it (not when only the events change): if
 * they leave or stop being an admin, it is disabled (lib/teams/disable-webhook-set-by.ts).
 */
export async function saveWebhook(by: AuditActor, input: WebhookInput): Promise<{ created: boolean; body: z.input<typeof webhookSchema> }> {
  const problem = await webhookUrlProblem(input.url);
  if (problem) throw new ApiError("validation_error", problem);
  const events = input.events ? EVENT_KINDS.filter((k) => input.events!.includes(k)) : [...DEFAULT_EVENT_KINDS];
  const secret = newWebhookSecret();
  try {
    return await db.$transaction(async (tx) => {
      await holdSaversRole(tx, by);
      const existing = await tx.webhook.findUnique({ where: { teamId: by.teamId } });
      if (existing) {
        const setsUrl = existing.url !== input.url || !existing.isActive;
        const webhook = await tx.webhook.update({
          where: { id: existing.id },
          data: {
            url: input.url,
            events,
            isActive: true,
            consecutiveFailures: 0,
            disabledAt: null,
            disabledReason: null,
            ...(setsUrl && { urlSetById: by.userId }),
          },
        });
        const changes = fieldChanges({ url: existing.url, events: existing.events }, { url: webhook.url, events: webhook.events });
        if (changes?.url) changes.url = { from: webhookHost(existing.url), to: webhookHost(webhook.url) };
        await recordAudit(tx, by, {
          action: existing.isActive ? "webhook.saved" : "webhook.enabled",
          target: { id: webhook.id, label: webhookHost(webhook.url) },
          details: changes ? { changes } : {},
        });
        return { created: false, body: serializeWebhook(webhook) };
      }
      const webhook = await tx.webhook.create({ data: { teamId: by.teamId, url: input.url, events, secret, urlSetById: by.userId } });
      await recordAudit(tx, by, {
        action: "webhook.saved",
        target: { id: webhook.id, label: webhookHost(webhook.url) },
        details: { created: true, events: webhook.events },
      });
      return { created: true, body: serializeWebhook(webhook, secret) };
    });
  } catch (error) {
    // Two creations at once: the other one won; this request becomes an update.
    if (isUniqueViolation(error)) return saveWebhook(by, input);
    throw error;
  }
}

export async function getWebhookConfiguration(teamId: string): Promise<z.input<typeof webhookConfigurationSchema>> {
  const webhook = await db.webhook.findUnique({ where: { teamId } });
  if (!webhook) throw notFound("Webhook");
  const deliveries = await db.webhookDelivery.findMany({
    where: { webhookId: webhook.id },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: RECENT_DELIVERIES,
    include: { event: { select: { payload: true } } },
  });
  return {
    webhook: {
      webhook_id: webhook.id,
      url: webhook.url,
      events: subscribedKinds(webhook.events),
      is_active: webhook.isActive,
      created_at: webhook.createdAt.toISOString(),
      updated_at: webhook.updatedAt.toISOString(),
      consecutive_failures: webhook.consecutiveFailures,
      disabled_at: webhook.disabledAt?.toISOString() ?? null,
      disabled_reason: webhook.disabledReason,
    },
    deliveries: deliveries.map(serializeDelivery),
  };
}

/** Deletes the webhook; its pending deliveries go with it (cancelled). */
export async function deleteWebhook(by: AuditActor): Promise<void> {
  await db.$transaction(async (tx) => {
    const [deleted] = await tx.$queryRaw<Array<{ id: string; url: string }>>`
      DELETE FROM webhooks WHERE team_id = ${by.teamId}::uuid RETURNING id, url`;
    if (!deleted) throw notFound("Webhook");
    await recordAudit(tx, by, { action: "webhook.deleted", target: { id: deleted.id, label: webhookHost(deleted.url) } });
  });
}

/**
 * Sends one signed `webhook.test` event now (one attempt, 10 s timeout, recorded in the history,
 * never retried, never counted towards auto-disable).
 */
export async function sendTestEvent(by: AuditActor): Promise<z.input<typeof webhookTestResultSchema>> {
  const teamId = by.teamId;
  const webhook = await db.webhook.findUnique({ where: { teamId } });
  if (!webhook) throw notFound("Webhook");
  const id = newEventId();
  const at = now();
  const payload = {
    id,
    event: "webhook.test",
    created_at: at.toISOString(),
    data: { webhook_id: webhook.id, message: "This is a test event from Pagewise. Your endpoint received and can verify it." },
  };
  const delivery = await db.$transaction(async (tx) => {
    await tx.event.create({ data: { id, teamId, type: "webhook.test", payload, createdAt: at, dispatchedAt: at } });
    await recordAudit(tx, by, {
      action: "webhook.tested",
      target: { id: webhook.id, label: webhookHost(webhook.url) },
      details: { event_id: id },
    });
    return tx.webhookDelivery.create({
      data: { webhookId: webhook.id, eventId: id, eventType: "webhook.test", isTest: true, nextAttemptAt: null, createdAt: at },
    });
  });
  const outcome = await attemptDelivery(delivery.id);
  return { delivered: outcome.ok, status_code: outcome.status, duration_ms: outcome.durationMs, event_id: id, error: outcome.error };
}

/** Sends a failed delivery again: same event id, a fresh set of attempts. */
export async function redeliver(teamId: string, deliveryId: string) {
  const delivery = await db.webhookDelivery.findFirst({ where: { id: deliveryId, webhook: { teamId } } });
  if (!delivery) throw notFound("Delivery");
  if (delivery.status === "pending") throw new ApiError("validation_error", "This delivery is still being attempted.");
  await db.$transaction([
    db.webhookAttempt.deleteMany({ where: { deliveryId } }),
    db.webhookDelivery.update({
      where: { id: deliveryId },
      data: { status: "pending", attempts: 0, nextAttemptAt: now(), handedOffAt: null, error: null, responseStatus: null },
    }),
    db.$executeRaw`SELECT pg_notify(${EVENTS_CHANNEL}, '')`,
  ]);
}
