import { db } from "../db/client";
import { now } from "../time";
import { disableTeamWebhook } from "../teams/disable-team-webhook";
import { faultPoint } from "../fault-point";
import { postSigned } from "./post-signed";
import type { Prisma } from "../generated/prisma/client";
import { ATTEMPT_TIMEOUT_MS, DISABLE_AFTER_FAILED_DELIVERIES, MAX_ATTEMPTS, nextAttemptDelay } from "./schedule";
import { webhookDeliveries } from "../metrics/queue-metrics";

/** The error an attempt carries until it is settled: what the history shows if the process dies. */
export const ATTEMPT_INTERRUPTED = "attempt interrupted";
/** A last attempt cut off by a crash is settled as failed this long after it started. */
const SETTLE_LAST_ATTEMPT_AFTER_MS = ATTEMPT_TIMEOUT_MS + 60_000;

export type AttemptOutcome = {
  deliveryId: string;
  eventId: string;
  attempt: number;
  ok: boolean;
  status: number | null;
  error: string | null;
  durationMs: number;
  /** pending: another attempt will follow; succeeded/failed: final. skipped: nothing was sent. */
  state: "pending" | "succeeded" | "failed" | "skipped";
  nextAttemptAt: string | null;
  webhookDisabled: boolean;
};

/**
 * One attempt of one delivery, used by both drivers (Inngest and the in-process runner): records
 * the attempt, signs afresh, POSTs, then settles the attempt and the delivery's schedule. An
 * earlier attempt left unsettled by a crash is settled first as failed (`attempt interrupted`).
 */
export async function attemptDelivery(deliveryId: string): Promise<AttemptOutcome> {
  const delivery = await db.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { webhook: true, event: true } });
  const skipped = (reason: string): AttemptOutcome => ({
    deliveryId,
    eventId: delivery?.eventId ?? "",
    attempt: delivery?.attempts ?? 0,
    ok: false,
    status: null,
    error: reason,
    durationMs: 0,
    state: "skipped",
    nextAttemptAt: null,
    webhookDisabled: false,
  });
  if (!delivery) return skipped("Delivery not found");
  if (delivery.status !== "pending") return skipped(`Delivery is ${delivery.status}`);
  if (!delivery.webhook.isActive && !delivery.isTest) {
    await db.webhookDelivery.update({ where: { id: deliveryId }, data: { status: "cancelled", nextAttemptAt: null } });
    return skipped("Webhook is disabled");
  }

  const interrupted = await db.webhookAttempt.findFirst({ where: { deliveryId, finishedAt: null } });
  if (interrupted) {
    // An attempt cut off by a crash: it counts as failed, and the schedule it set stands.
    const at = now();
    const cutOff = { ok: false, status: null, body: null, error: ATTEMPT_INTERRUPTED, durationMs: 0, signedAt: interrupted.signedAt };
    if (interrupted.number < MAX_ATTEMPTS && !delivery.isTest) {
      await db.webhookAttempt.update({ where: { id: interrupted.id }, data: { finishedAt: at } });
    } else {
      const { state, webhookDisabled } = await settleAttempt(delivery, interrupted.number, cutOff, at);
      return { deliveryId, eventId: delivery.eventId, attempt: interrupted.number, ...cutOff, state, webhookDisabled, nextAttemptAt: null };
    }
  }

  const attempt = delivery.attempts + 1;
  const startedAt = now();
  // Recorded before the request goes out, with the schedule a failure would set: if the process
  // dies mid-attempt, the history shows it and the next attempt keeps to the schedule.
  const ifLost = delivery.isTest ? null : nextAttemptDelay(attempt);
  await db.$transaction([
    db.webhookAttempt.create({ data: { deliveryId, number: attempt, signedAt: startedAt, error: ATTEMPT_INTERRUPTED, durationMs: 0 } }),
    db.webhookDelivery.update({
      where: { id: deliveryId },
      data: {
        attempts: attempt,
        lastAttemptAt: startedAt,
        nextAttemptAt: new Date(startedAt.getTime() + (ifLost ?? SETTLE_LAST_ATTEMPT_AFTER_MS)),
      },
    }),
  ]);

  await faultPoint("webhook:sending");
  const outcome = await postSigned(delivery.webhook.url, JSON.stringify(delivery.event.payload), delivery.webhook.secret);
  const at = now();
  const { state, webhookDisabled, nextAttemptAt } = await settleAttempt(delivery, attempt, outcome, at);

  return {
    deliveryId,
    eventId: delivery.eventId,
    attempt,
    ok: outcome.ok,
    status: outcome.status,
    error: outcome.error,
    durationMs: outcome.durationMs,
    state,
    nextAttemptAt: nextAttemptAt?.toISOString() ?? null,
    webhookDisabled,
  };
}

type Delivery = Prisma.WebhookDeliveryGetPayload<{ include: { webhook: true } }>;
type Sent = { ok: boolean; status: number | null; body: string | null; error: string | null; durationMs: number; signedAt: Date };

/**
 * Records how an attempt ended and moves the delivery along its schedule, returning when the next
 * attempt is due (what both drivers wait for). The third failed
 * attempt fails the delivery; the third consecutive failed delivery disables the webhook the one way
 * webhooks are disabled (lib/teams/disable-team-webhook.ts). A success resets the count.
 */
async function settleAttempt(delivery: Delivery, attempt: number, outcome: Sent, at: Date) {
  const delay = outcome.ok || delivery.isTest ? null : nextAttemptDelay(attempt);
  const state: "succeeded" | "failed" | "pending" = outcome.ok ? "succeeded" : delay === null ? "failed" : "pending";
  const nextAttemptAt = delay === null ? null : new Date(at.getTime() + delay);
  const webhookDisabled = await db.$transaction(async (tx) => {
    await tx.webhookAttempt.update({
      where: { deliveryId_number: { deliveryId: delivery.id, number: attempt } },
      data: {
        signedAt: outcome.signedAt,
        responseStatus: outcome.status,
        responseBody: outcome.body,
        error: outcome.error,
        durationMs: outcome.durationMs,
        finishedAt: at,
      },
    });
    await tx.webhookDelivery.update({
      where: { id: delivery.id },
      data: {
        attempts: attempt,
        status: state,
        nextAttemptAt,
        lastAttemptAt: at,
        responseStatus: outcome.status,
        responseBody: outcome.body,
        error: outcome.error,
        durationMs: outcome.durationMs,
      },
    });
    if (delivery.isTest || state === "pending") return false;
    if (state === "succeeded") {
      await tx.webhook.update({ where: { id: delivery.webhookId }, data: { consecutiveFailures: 0 } });
      return false;
    }
    const webhook = await tx.webhook.update({ where: { id: delivery.webhookId }, data: { consecutiveFailures: { increment: 1 } } });
    if (!webhook.isActive || webhook.consecutiveFailures < DISABLE_AFTER_FAILED_DELIVERIES) return false;
    return disableTeamWebhook(
      tx,
      { teamId: webhook.teamId },
      {
        reason: "failed_deliveries",
        because:
          `after ${DISABLE_AFTER_FAILED_DELIVERIES} deliveries in a row failed (each tried ${MAX_ATTEMPTS} times). ` +
          `Last error: ${outcome.error ?? "unknown"}.`,
        by: null,
      },
    );
  });
  webhookDeliveries().inc({ outcome: state === "succeeded" ? "delivered" : state === "pending" ? "retrying" : "failed" });
  return { state, webhookDisabled, nextAttemptAt };
}
