import { db } from "../db";
import { now } from "../time";
import { enqueueOwnerEmail } from "../email/enqueue-owner-email";
import { postSigned } from "./post-signed";
import { DISABLE_AFTER_FAILED_DELIVERIES, MAX_ATTEMPTS, nextAttemptDelay } from "./schedule";

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
 * One attempt of one delivery, used by both drivers (Inngest and the in-process runner): signs
 * afresh, POSTs, records the attempt, and moves the delivery along its schedule. The third failed
 * attempt fails the delivery; the third consecutive failed delivery disables the webhook and
 * emails the owner. A success resets the count.
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

  const body = JSON.stringify(delivery.event.payload);
  const outcome = await postSigned(delivery.webhook.url, body, delivery.webhook.secret);
  const attempt = delivery.attempts + 1;
  const at = now();
  const delay = outcome.ok || delivery.isTest ? null : nextAttemptDelay(attempt);
  const state = outcome.ok ? "succeeded" : delay === null ? "failed" : "pending";
  const nextAttemptAt = delay === null ? null : new Date(at.getTime() + delay);

  const webhookDisabled = await db.$transaction(async (tx) => {
    await tx.webhookAttempt.create({
      data: { deliveryId, number: attempt, signedAt: outcome.signedAt, responseStatus: outcome.status, error: outcome.error, durationMs: outcome.durationMs },
    });
    await tx.webhookDelivery.update({
      where: { id: deliveryId },
      data: { attempts: attempt, status: state, nextAttemptAt, lastAttemptAt: at, responseStatus: outcome.status, error: outcome.error, durationMs: outcome.durationMs },
    });
    if (delivery.isTest || state === "pending") return false;
    if (state === "succeeded") {
      await tx.webhook.update({ where: { id: delivery.webhookId }, data: { consecutiveFailures: 0 } });
      return false;
    }
    const webhook = await tx.webhook.update({ where: { id: delivery.webhookId }, data: { consecutiveFailures: { increment: 1 } } });
    if (!webhook.isActive || webhook.consecutiveFailures < DISABLE_AFTER_FAILED_DELIVERIES) return false;
    await tx.webhook.update({ where: { id: webhook.id }, data: { isActive: false, disabledAt: at } });
    await tx.webhookDelivery.updateMany({ where: { webhookId: webhook.id, status: "pending", NOT: { id: deliveryId } }, data: { status: "cancelled", nextAttemptAt: null } });
    const owner = await tx.user.findUniqueOrThrow({ where: { id: webhook.userId } });
    await enqueueOwnerEmail(tx, {
      userId: owner.id,
      to: owner.email,
      kind: "webhook.disabled",
      subject: "Your Pagewise webhook was disabled",
      body:
        `Pagewise disabled your webhook to ${webhook.url} after ${DISABLE_AFTER_FAILED_DELIVERIES} deliveries in a row failed ` +
        `(each tried ${MAX_ATTEMPTS} times). Last error: ${outcome.error ?? "unknown"}.\n\n` +
        `Fix the receiver, then re-enable it in Settings → Webhook or by POST /api/v1/webhooks.`,
    });
    return true;
  });

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
