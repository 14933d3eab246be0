import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";
import { MAX_ATTEMPTS } from "@/lib/webhooks/schedule";
import { deliveryRequested, inngest } from "../../lib/jobs/inngest-client";

/**
 * Drives one webhook delivery through its schedule (lib/webhooks/schedule.ts). Each attempt is a
 * step that signs afresh and returns its outcome instead of throwing (Inngest's own retries are off:
 * the schedule is ours); between attempts it sleeps until the `nextAttemptAt` the attempt stored on
 * the delivery, the same time the in-process runner would pick it up at.
 */
export const deliverWebhook = inngest.createFunction(
  { id: "deliver-webhook", retries: 0, triggers: [deliveryRequested] },
  async ({ event, step }) => {
    for (let attempt = 1; ; attempt++) {
      const outcome = await step.run(`attempt-${attempt}`, () => attemptDelivery(event.data.deliveryId));
      if (outcome.state !== "pending" || outcome.nextAttemptAt === null || attempt >= MAX_ATTEMPTS) return outcome;
      await step.sleepUntil(`wait-after-attempt-${attempt}`, outcome.nextAttemptAt);
    }
  },
);

export const functions = [deliverWebhook];
