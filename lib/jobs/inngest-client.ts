import { Inngest, eventType } from "inngest";
import { z } from "zod";
import { config } from "@/lib/config";

/** Configured from lib/config: Inngest Cloud with keys, or a self-hosted/dev server with INNGEST_DEV=1. */
export const inngest = new Inngest({
  id: "pagewise",
  eventKey: config().INNGEST_EVENT_KEY,
  signingKey: config().INNGEST_SIGNING_KEY,
  baseUrl: config().INNGEST_BASE_URL,
  isDev: config().INNGEST_DEV,
});

/** One webhook delivery to drive through its schedule (inngest/functions/deliver-webhook.ts); validated when received. */
export const deliveryRequested = eventType("pagewise/webhook.delivery.requested", {
  schema: z.object({ deliveryId: z.string() }),
});
