import { levelOfRank } from "../../lib/rules/engagement";
import { db } from "../../lib/db/client";
import { eventDocument } from "../../lib/documents/serialize";
import { digestEmail } from "../../lib/email/digest-email";
import type { Document, Prisma, Viewer } from "../../lib/generated/prisma/client";
import { newEventId, newWebhookSecret } from "../../lib/ids";
import { EVENT_KINDS, eventCompletion, eventSeconds, type EventData } from "../../lib/schemas/events";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Attempt = { status: number | null; error: string | null; durationMs: number; afterMs: number };

/** Delivery histories worth seeing: plain successes, a failure its retry fixed, and one that failed for good. */
const DELIVERED: Attempt[] = [{ status: 200, error: null, durationMs: 142, afterMs: 0 }];
const RETRIED: Attempt[] = [
  { status: 503, error: null, durationMs: 87, afterMs: 0 },
  { status: 200, error: null, durationMs: 164, afterMs: MINUTE },
];
const FAILED: Attempt[] = [
  { status: null, error: "connect ECONNREFUSED 203.0.113.10:443", durationMs: 31, afterMs: 0 },
  { status: 500, error: null, durationMs: 212, afterMs: MINUTE },
  { status: 500, error: null, durationMs: 198, afterMs: 31 * MINUTE },
];

type DemoKind = "document.viewed" | "lead.captured" | "document.completed";

function eventData(type: DemoKind, doc: Document, viewer: Viewer): EventData<DemoKind> {
  const who = { email: viewer.email ?? undefined, company_domain: viewer.companyDomain };
  const time = eventSeconds(viewer.totalTimeSeconds);
  if (type === "lead.captured") {
    return {
      document: eventDocument(doc),
      link: { code: doc.code, name: null },
      lead: {
        email: viewer.email ?? "",
        company_domain: viewer.companyDomain,
        name: viewer.name,
        pages_viewed: viewer.pagesViewed,
        total_pages: doc.pageCount,
        time_spent_seconds: time,
      },
    };
  }
  if (type === "document.completed") {
    return {
      document: eventDocument(doc),
      link: { code: doc.code, name: null },
      viewer: { ...who, completion: 1, time_spent_seconds: time, visit_number: viewer.visits },
    };
  }
  return {
    document: eventDocument(doc),
    link: { code: doc.code, name: null },
    viewer: {
      ...who,
      pages_viewed: viewer.pagesViewed,
      total_pages: doc.pageCount,
      completion: eventCompletion(viewer.completion),
      time_spent_seconds: time,
      engagement_label: levelOfRank(viewer.engagementRank).label,
      visit_number: viewer.visits,
    },
  };
}

/**
 * The demo owner's webhook with a delivery history (its receiver is not real: nothing is sent),
 * built from the seeded readers, the newest last.
 */
export async function seedWebhook(teamId: string, at: number) {
  const readers = await db.viewer.findMany({
    where: { document: { teamId }, email: { not: null } },
    include: { document: true },
    orderBy: { lastViewedAt: "desc" },
    take: 8,
  });
  const webhook = await db.webhook.create({
    data: {
      teamId,
      url: "https://hooks.example.com/pagewise",
      events: [...EVENT_KINDS],
      secret: newWebhookSecret(),
      createdAt: new Date(at - 3 * 24 * HOUR),
    },
  });
  const plan: Array<{ type: DemoKind; attempts: Attempt[]; final: "succeeded" | "failed" }> = [
    { type: "document.viewed", attempts: FAILED, final: "failed" },
    { type: "lead.captured", attempts: RETRIED, final: "succeeded" },
    { type: "document.viewed", attempts: DELIVERED, final: "succeeded" },
    { type: "document.completed", attempts: DELIVERED, final: "succeeded" },
    { type: "document.viewed", attempts: DELIVERED, final: "succeeded" },
    { type: "lead.captured", attempts: DELIVERED, final: "succeeded" },
  ];
  for (const [index, step] of plan.entries()) {
    const reader = readers[index % Math.max(1, readers.length)];
    if (!reader) break;
    const createdAt = new Date(at - (plan.length - index) * 5 * HOUR);
    const id = newEventId();
    const payload = { id, event: step.type, created_at: createdAt.toISOString(), data: eventData(step.type, reader.document, reader) };
    await db.event.create({
      data: {
        id,
        teamId,
        documentId: reader.documentId,
        type: step.type,
        payload: payload as unknown as Prisma.InputJsonValue,
        createdAt,
        dispatchedAt: createdAt,
      },
    });
    const last = step.attempts[step.attempts.length - 1]!;
    const lastAt = new Date(createdAt.getTime() + last.afterMs);
    await db.webhookDelivery.create({
      data: {
        webhookId: webhook.id,
        eventId: id,
        eventType: step.type,
        status: step.final,
        attempts: step.attempts.length,
        lastAttemptAt: lastAt,
        responseStatus: last.status,
        error: last.error,
        durationMs: last.durationMs,
        createdAt,
        attemptsLog: {
          create: step.attempts.map((attempt, n) => {
            const signedAt = new Date(createdAt.getTime() + attempt.afterMs);
            return {
              number: n + 1,
              signedAt,
              responseStatus: attempt.status,
              error: attempt.error,
              durationMs: attempt.durationMs,
              finishedAt: new Date(signedAt.getTime() + attempt.durationMs),
            };
          }),
        },
      },
    });
  }
}

/** Digest emails the demo owner was sent, one per document with readers, as the runner writes them. */
export async function seedNotifications(user: { id: string; email: string }, teamId: string, at: number, delivered: "sent" | "logged") {
  const documents = await db.document.findMany({ where: { teamId, viewers: { some: {} } }, orderBy: { createdAt: "asc" } });
  for (const [index, doc] of documents.entries()) {
    const readers = await db.viewer.findMany({ where: { documentId: doc.id }, orderBy: { lastViewedAt: "desc" }, take: 5 });
    const listed = readers.map((r) => ({
      email: r.email,
      company: r.companyDomain,
      pagesViewed: r.pagesViewed,
      completion: r.completion,
      totalTimeSeconds: r.totalTimeSeconds,
      newLead: r.email !== null && r.visits === 1,
      finished: r.completion >= 1,
      room: null,
      link: null,
    }));
    const email = digestEmail(doc, listed, listed.length);
    const createdAt = new Date(at - (index + 1) * 7 * HOUR);
    await db.notification.create({
      data: {
        userId: user.id,
        kind: email.kind,
        toAddress: user.email,
        subject: email.subject,
        body: email.body,
        status: delivered,
        attempts: 1,
        sentAt: createdAt,
        createdAt,
      },
    });
  }
}
