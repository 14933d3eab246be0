import { db } from "../db/client";
import { now } from "../time";
import { logger } from "../log/logger";

const log = logger("webhooks");

const SEND_TIMEOUT_MS = 5_000;

/**
 * With Inngest configured, deliveries are driven by the `deliver-webhook` function. Sending to
 * Inngest has a timeout, so it never hangs; a delivery whose hand-off failed stays pending and is
 * handed off on the next round.
 */
export async function handOffToInngest(limit = 50): Promise<number> {
  const pending = await db.webhookDelivery.findMany({
    where: { status: "pending", handedOffAt: null, isTest: false },
    orderBy: { createdAt: "asc" },
    take: limit,
    select: { id: true },
  });
  if (pending.length === 0) return 0;
  const { inngest, deliveryRequested } = await import("./inngest-client");
  const send = inngest.send(pending.map((d) => deliveryRequested.create({ deliveryId: d.id }, { id: `delivery-${d.id}` })));
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error("Inngest did not answer in time")), SEND_TIMEOUT_MS).unref(),
  );
  try {
    await Promise.race([send, timeout]);
  } catch (error) {
    log.warn({ err: error }, "hand-off to Inngest failed, will retry");
    return 0;
  }
  await db.webhookDelivery.updateMany({ where: { id: { in: pending.map((d) => d.id) } }, data: { handedOffAt: now() } });
  return pending.length;
}
