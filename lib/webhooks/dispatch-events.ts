import { db } from "../db";
import { enqueueOwnerEmail } from "../email/enqueue-owner-email";
import { viewNotification } from "../email/view-notification";
import { now } from "../time";
import type { EventEnvelope } from "./record-event";

/**
 * Turns outbox events into work: a delivery for the account's webhook when it is active and
 * subscribed, and a view notification email for `document.viewed` when the document has
 * notifications on. Each event is handled once, under FOR UPDATE SKIP LOCKED, so several app
 * processes can run this at the same time. Returns the new delivery ids.
 */
export async function dispatchPendingEvents(limit = 200): Promise<string[]> {
  return db.$transaction(async (tx) => {
    const events = await tx.$queryRaw<Array<{ id: string; user_id: string; document_id: string | null; type: string; payload: EventEnvelope }>>`
      SELECT id, user_id, document_id, type, payload FROM events
      WHERE dispatched_at IS NULL ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
    if (events.length === 0) return [];
    const at = now();
    const created: string[] = [];
    const webhooks = new Map(
      (await tx.webhook.findMany({ where: { userId: { in: [...new Set(events.map((e) => e.user_id))] } } })).map((w) => [w.userId, w]),
    );
    // One read for the documents of all view events, rather than one per event.
    const viewedIds = [...new Set(events.filter((e) => e.type === "document.viewed" && e.document_id).map((e) => e.document_id!))];
    const documents = new Map(
      (await tx.document.findMany({ where: { id: { in: viewedIds } }, include: { owner: true } })).map((d) => [d.id, d]),
    );
    for (const event of events) {
      const webhook = webhooks.get(event.user_id);
      if (webhook?.isActive && webhook.events.includes(event.type)) {
        const delivery = await tx.webhookDelivery.create({
          data: { webhookId: webhook.id, eventId: event.id, eventType: event.type, nextAttemptAt: at, createdAt: at },
        });
        created.push(delivery.id);
      }
      if (event.type === "document.viewed" && event.document_id) {
        const doc = documents.get(event.document_id);
        if (doc?.notificationsEnabled && !doc.deletedAt) {
          await enqueueOwnerEmail(tx, { userId: doc.ownerId, to: doc.owner.email, eventId: event.id, ...viewNotification(doc, event.payload) });
        }
      }
    }
    await tx.event.updateMany({ where: { id: { in: events.map((e) => e.id) } }, data: { dispatchedAt: at } });
    return created;
  });
}
