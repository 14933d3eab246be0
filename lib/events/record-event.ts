import type { Tx } from "../db/client";
import type { Prisma } from "../generated/prisma/client";
import { newEventId } from "../ids";
import type { EventData, EventEnvelope, EventKind } from "../schemas/events";
import { now } from "../time";

/** The NOTIFY channel that wakes delivery runners (also named by the ingest statement in SQL). */
export const EVENTS_CHANNEL = "pagewise_events";

/**
 * Writes an event to the outbox inside the caller's transaction, so it exists exactly when the
 * change that caused it does. The stored payload is the envelope every delivery attempt sends;
 * its data is typed by the kind's schema in lib/schemas/events.ts.
 */
export async function recordEvent<K extends EventKind>(
  tx: Tx,
  event: { teamId: string; documentId: string | null; type: K; data: EventData<K>; at?: Date },
): Promise<EventEnvelope<K>> {
  const id = newEventId();
  const createdAt = event.at ?? now();
  const payload: EventEnvelope<K> = { id, event: event.type, created_at: createdAt.toISOString(), data: event.data };
  await tx.event.create({
    data: {
      id,
      teamId: event.teamId,
      documentId: event.documentId,
      type: event.type,
      payload: payload as unknown as Prisma.InputJsonValue,
      createdAt,
    },
  });
  // Wakes the delivery runners when the transaction commits (NOTIFY is transactional).
  await tx.$executeRaw`SELECT pg_notify(${EVENTS_CHANNEL}, '')`;
  return payload;
}
