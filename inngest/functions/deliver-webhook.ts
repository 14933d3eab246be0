import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";
import { MAX_ATTEMPTS } from "@/lib/webhooks/schedule";
import { DELIVERY_REQUESTED, inngest } from "../../lib/jobs/inngest-client";

/** The waits between attempts, as Inngest durations: 1 minute, then 30 minutes (SPEC.md). */
export const WAITS = ["1m", "30m"] as const;

/**
 * Drives one webhook delivery through its schedule. Each attempt is a step that signs afresh and
 * returns its outcome instead of throwing (Inngest's own retries are off: the schedule is ours).
 */
export const deliverWebhook = inngest.createFunction(
  { id: "deliver-webhook", retries: 0, triggers: [{ event: DELIVERY_REQUESTED }] },
  async ({ event, step }) => {
    const deliveryId = String((event.data as { deliveryId: string }).deliveryId);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const outcome = await step.run(`attempt-${attempt}`, () => attemptDelivery(deliveryId));
      if (outcome.state !== "pending") return outcome;
      await step.sleep(`wait-after-attempt-${attempt}`, WAITS[attempt - 1]!);
    }
    return null;
  },
);

export const functions = [deliverWebhook];
