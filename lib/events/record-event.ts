import type { Tx } from "../db/client";
import type { Prisma } from "../generated/prisma/client";
import { newEventId } from "../ids";
import { now } from "../time";

/** The NOTIFY channel that wakes delivery runners (also named by the ingest statement in SQL). */
export const EVENTS_CHANNEL = "pagewise_events";

/** The event kinds of SPEC.md, in its order. */
export const EVENT_KINDS = [
  "document.viewed",
  "document.completed",
  "lead.captured",
  "viewer.revisited",
  "engagement.milestone",
  "document.uploaded",
  "document.downloaded",
] as const;

export type EventKind = (typeof EVENT_KINDS)[number];

export type EventEnvelope = { id: string; event: string; created_at: string; data: Record<string, unknown> };

/**
 * Writes an event to the outbox inside the caller's transaction, so it exists exactly when the
 * change that caused it does. The stored payload is the envelope every delivery attempt sends.
 */
export async function recordEvent(
  tx: Tx,
  event: { userId: string; documentId: string | null; type: EventKind; data: Record<string, unknown>; at?: Date },
): Promise<EventEnvelope> {
  const id = newEventId();
  const createdAt = event.at ?? now();
  const payload: EventEnvelope = { id, event: event.type, created_at: createdAt.toISOString(), data: event.data };
  await tx.event.create({
    data: {
      id,
      userId: event.userId,
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
