import { db } from "../db/client";
import { digestMembers, getsDigestOf } from "../email/digest-recipients";
import { isDigestNews, markDigestNews } from "../email/mark-digest-news";
import type { Document } from "../generated/prisma/client";
import { now } from "../time";
import type { EventEnvelope } from "../schemas/events";

/**
 * Turns outbox events into work: a delivery for the account's webhook when it is active and
 * subscribed and the event's document is not in the Trash, and news for the document's digest
 * emails when it has notifications on and some member who gets its digests wants this kind of news.
 * Each event is handled once, under FOR UPDATE SKIP LOCKED, so several app processes can run this
 * at the same time. Returns the new delivery ids.
 */
export async function dispatchPendingEvents(limit = 200): Promise<string[]> {
  return db.$transaction(async (tx) => {
    const events = await tx.$queryRaw<
      Array<{ id: string; team_id: string; document_id: string | null; type: string; created_at: Date; payload: EventEnvelope }>
    >`
      SELECT id, team_id, document_id, type, created_at, payload FROM events
      WHERE dispatched_at IS NULL ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
    if (events.length === 0) return [];
    const at = now();
    const created: string[] = [];
    const webhooks = new Map(
      (await tx.webhook.findMany({ where: { teamId: { in: [...new Set(events.map((e) => e.team_id))] } } })).map((w) => [w.teamId, w]),
    );
    // One read for the documents of all events, rather than one per event.
    const documentIds = [...new Set(events.flatMap((e) => (e.document_id ? [e.document_id] : [])))];
    const documents = new Map((await tx.document.findMany({ where: { id: { in: documentIds } } })).map((d) => [d.id, d]));
    // Each member who gets a document's digests, with their own preferences in its team.
    const members = await digestMembers(tx, [...new Set([...documents.values()].map((d) => d.teamId))]);
    const wantsNews = (doc: Document, type: string) =>
      members.some((m) => m.teamId === doc.teamId && getsDigestOf(m, doc) && isDigestNews(type, m));
    const news = new Map<string, Date>();
    for (const event of events) {
      const webhook = webhooks.get(event.team_id);
      const doc = event.document_id ? documents.get(event.document_id) : undefined;
      // A document in the Trash is hidden from the webhook as from the API: a reading rolled up after the deletion is not news.
      if (webhook?.isActive && webhook.events.includes(event.type) && !doc?.deletedAt) {
        const delivery = await tx.webhookDelivery.create({
          data: { webhookId: webhook.id, eventId: event.id, eventType: event.type, nextAttemptAt: at, createdAt: at },
        });
        created.push(delivery.id);
      }
      if (doc?.notificationsEnabled && !doc.deletedAt && !news.has(doc.id) && wantsNews(doc, event.type)) {
        news.set(doc.id, event.created_at);
      }
    }
    // In document order, so concurrent dispatchers lock digest rows in one order and never deadlock.
    for (const documentId of [...news.keys()].sort()) await markDigestNews(tx, documentId, news.get(documentId)!, at);
    await tx.event.updateMany({ where: { id: { in: events.map((e) => e.id) } }, data: { dispatchedAt: at } });
    return created;
  });
}
