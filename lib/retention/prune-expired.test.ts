import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { demoViewers, random, seedActivity } from "../../scripts/lib/demo-data";
import { noReaderCap, openAccess, ownerWithDocument, withWebhook } from "../../test/support/fixtures";
import { consumeRateLimit } from "../rate-limit";
import { databaseUrl } from "../config";
import { db } from "../db/client";
import type { DeliveryStatus, NotificationStatus } from "../generated/prisma/client";
import { newEventId } from "../ids";
import { now, setClockOffset } from "../time";
import { ingestNow } from "../../test/support/ingest-now";
import { getWebhookConfiguration } from "../webhooks/manage-webhook";
import { SESSION_MAX_AGE_SECONDS, startSession } from "../users/account-sessions";
import { describePruned, pruneExpired } from "./prune-expired";

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const RETENTION_DAYS = 90;
const RETENTION = RETENTION_DAYS * DAY;
const open = openAccess(3);

/** Moves the app clock so that now() reads `at` (give or take the milliseconds the test takes). */
const clockAt = (at: number) => setClockOffset(at - Date.now());

beforeEach(async () => {
  setClockOffset(0);
  // Each test counts what one run prunes, so it starts without rows earlier tests left to prune.
  await db.$executeRaw`TRUNCATE track_batches, webhook_attempts, webhook_deliveries, events, notifications, rate_limit_windows`;
});
afterEach(() => setClockOffset(0));

async function dispatchedEvent(userId: string, dispatched = true) {
  const id = newEventId();
  const at = now();
  const payload = { id, event: "document.viewed", created_at: at.toISOString(), data: {} };
  await db.event.create({
    data: { id, teamId: userId, type: "document.viewed", payload, createdAt: at, dispatchedAt: dispatched ? at : null },
  });
  return id;
}

/** Resolves once some session of this database waits for a row lock (a pruner stopped at a locked row). */
async function untilBlockedOnALock() {
  await vi.waitFor(
    async () => {
      const [row] = await db.$queryRaw<Array<{ waiting: boolean }>>`
        SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock') AS waiting`;
      expect(row!.waiting).toBe(true);
    },
    { timeout: 10_000, interval: 20 },
  );
}

async function openClient() {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  return client;
}

/** An event and its delivery in `status`, with the attempts such a delivery has. */
async function delivery(
  userId: string,
  webhookId: string,
  status: DeliveryStatus,
  attempts: number,
  lastAttemptAt: Date | null = attempts ? now() : null,
) {
  const eventId = await dispatchedEvent(userId);
  const { id } = await db.webhookDelivery.create({
    data: {
      webhookId,
      eventId,
      eventType: "document.viewed",
      status,
      attempts,
      lastAttemptAt,
      nextAttemptAt: status === "pending" ? now() : null,
      createdAt: now(),
      attemptsLog: {
        create: Array.from({ length: attempts }, (_, i) => ({
          number: i + 1,
          signedAt: now(),
          durationMs: 5,
          finishedAt: now(),
          responseStatus: status === "succeeded" ? 200 : 500,
        })),
      },
    },
  });
  return { id, eventId };
}

describe("pruneExpired", () => {
  it("remembers a track batch id for 7 days: resent until then it is acknowledged, once pruned it is applied again", async () => {
    const { doc } = await ownerWithDocument();
    const browser = randomBytes(12).toString("base64url");
    const batch = { batch_id: `b_${randomBytes(8).toString("hex")}`, pages: [{ page: 1, seconds: 2 }] };
    const first = await ingestNow(doc, open, browser, batch, noReaderCap);

    setClockOffset(7 * DAY - MINUTE);
    expect(await pruneExpired(RETENTION_DAYS)).toMatchObject({ trackBatches: 0 });
    expect(await ingestNow(doc, open, browser, batch, noReaderCap)).toEqual({ visit_id: first.visit_id, applied: false, version: 1 });

    setClockOffset(7 * DAY + MINUTE);
    expect(await pruneExpired(RETENTION_DAYS)).toMatchObject({ trackBatches: 1 });
    const again = await ingestNow(doc, open, browser, batch, noReaderCap);
    expect(again.applied).toBe(true);
    expect(again.visit_id).not.toBe(first.visit_id);
    expect(await db.visit.count({ where: { documentId: doc.id } })).toBe(2);
  });

  it("prunes finished deliveries with their attempts and events after the retention; pending ones and undispatched events stay", async () => {
    const { owner } = await ownerWithDocument();
    const { webhook_id } = await withWebhook(owner.personalTeamId, "http://127.0.0.1:9/hook");
    const succeeded = await delivery(owner.personalTeamId, webhook_id, "succeeded", 1);
    const failed = await delivery(owner.personalTeamId, webhook_id, "failed", 3);
    const cancelled = await delivery(owner.personalTeamId, webhook_id, "cancelled", 0);
    const pending = await delivery(owner.personalTeamId, webhook_id, "pending", 1);
    const redelivered = await delivery(owner.personalTeamId, webhook_id, "succeeded", 1, new Date(now().getTime() + 89 * DAY));
    const withoutDelivery = await dispatchedEvent(owner.personalTeamId);
    const undispatched = await dispatchedEvent(owner.personalTeamId, false);
    const finished = [succeeded, failed, cancelled];

    setClockOffset(RETENTION - MINUTE);
    expect(await pruneExpired(RETENTION_DAYS)).toMatchObject({ deliveries: 0, events: 0 });
    expect((await getWebhookConfiguration(owner.personalTeamId)).deliveries).toHaveLength(5);

    setClockOffset(RETENTION + MINUTE);
    // Events: those of the three finished deliveries, the one without a delivery, the fixture's document.uploaded.
    expect(await pruneExpired(RETENTION_DAYS)).toMatchObject({ deliveries: 3, events: 5 });
    expect(await db.webhookAttempt.count({ where: { deliveryId: { in: finished.map((d) => d.id) } } })).toBe(0);
    const { deliveries } = await getWebhookConfiguration(owner.personalTeamId);
    expect(deliveries.map((d) => d.delivery_id).sort()).toEqual([pending.id, redelivered.id].sort());
    const events = await db.event.findMany({ where: { teamId: owner.personalTeamId }, select: { id: true } });
    expect(events.map((e) => e.id).sort()).toEqual([pending.eventId, redelivered.eventId, undispatched].sort());
    expect(events.map((e) => e.id)).not.toContain(withoutDelivery);

    setClockOffset(89 * DAY + RETENTION + MINUTE);
    expect(await pruneExpired(RETENTION_DAYS)).toMatchObject({ deliveries: 1, events: 1 });
    expect((await getWebhookConfiguration(owner.personalTeamId)).deliveries.map((d) => [d.delivery_id, d.status])).toEqual([
      [pending.id, "pending"],
    ]);
    expect(await db.webhookAttempt.count({ where: { deliveryId: pending.id } })).toBe(1);
    expect(await db.event.count({ where: { id: { in: [pending.eventId, undispatched] } } })).toBe(2);
  });

  it("keeps a failed delivery that is redelivered while the run is picking it", async () => {
    const { owner } = await ownerWithDocument();
    const { webhook_id } = await withWebhook(owner.personalTeamId, "http://127.0.0.1:9/hook");
    const failed = await delivery(owner.personalTeamId, webhook_id, "failed", 3);
    setClockOffset(RETENTION + MINUTE);
    // The dashboard's redeliver, committed after the run has found the delivery to be old and failed.
    const redeliver = await openClient();
    await redeliver.query("BEGIN");
    await redeliver.query("UPDATE webhook_deliveries SET status = 'pending', attempts = 0, next_attempt_at = now() WHERE id = $1", [
      failed.id,
    ]);
    const run = pruneExpired(RETENTION_DAYS);
    await untilBlockedOnALock();
    await redeliver.query("COMMIT");
    await redeliver.end();

    expect(await run).toMatchObject({ deliveries: 0 });
    expect(await db.webhookDelivery.findUnique({ where: { id: failed.id } })).toMatchObject({ status: "pending" });
    expect(await db.event.findUnique({ where: { id: failed.eventId } })).not.toBeNull();
  });

  it("follows RETENTION_DAYS for deliveries and events", async () => {
    const { owner } = await ownerWithDocument();
    const { webhook_id } = await withWebhook(owner.personalTeamId, "http://127.0.0.1:9/hook");
    const succeeded = await delivery(owner.personalTeamId, webhook_id, "succeeded", 1);

    setClockOffset(2 * DAY - MINUTE);
    expect(await pruneExpired(2)).toMatchObject({ deliveries: 0 });
    setClockOffset(2 * DAY + MINUTE);
    expect(await pruneExpired(2)).toMatchObject({ deliveries: 1 });
    expect(await db.event.findUnique({ where: { id: succeeded.eventId } })).toBeNull();
  });

  it("prunes sent, logged, failed and dropped notifications after the retention, never pending ones", async () => {
    const { owner } = await ownerWithDocument();
    const statuses: NotificationStatus[] = ["pending", "sent", "logged", "failed", "dropped"];
    for (const status of statuses) {
      await db.notification.create({
        data: {
          userId: owner.id,
          kind: "document.viewed",
          toAddress: owner.email,
          subject: status,
          body: "…",
          status,
          nextAttemptAt: status === "pending" ? now() : null,
          createdAt: now(),
        },
      });
    }

    setClockOffset(RETENTION - MINUTE);
    expect(await pruneExpired(RETENTION_DAYS)).toMatchObject({ notifications: 0 });
    setClockOffset(RETENTION + MINUTE);
    expect(await pruneExpired(RETENTION_DAYS)).toMatchObject({ notifications: 4 });
    const outbox = await db.notification.findMany({ where: { userId: owner.id } });
    expect(outbox.map((n) => n.status)).toEqual(["pending"]);
  });

  it("prunes the gate's one-time codes once they have expired, never one still valid", async () => {
    const { doc } = await ownerWithDocument();
    const code = (expiresAt: Date) =>
      db.emailVerification.create({ data: { documentId: doc.id, email: "jane@acme.com", browserId: "b", codeHash: "h", expiresAt } });
    await code(new Date(now().getTime() + 10 * MINUTE));
    const later = await code(new Date(now().getTime() + 20 * MINUTE));

    setClockOffset(15 * MINUTE);
    expect(await pruneExpired(RETENTION_DAYS)).toMatchObject({ emailVerifications: 1 });
    expect((await db.emailVerification.findMany({ where: { documentId: doc.id } })).map((v) => v.id)).toEqual([later.id]);
  });

  it("prunes a sign-in session once it has expired, never one still valid", async () => {
    const { owner } = await ownerWithDocument();
    await startSession(owner.id);
    setClockOffset(DAY);
    const later = await startSession(owner.id);

    setClockOffset(SESSION_MAX_AGE_SECONDS * SECOND + HOUR);
    expect(await pruneExpired(RETENTION_DAYS)).toMatchObject({ sessions: 1 });
    expect((await db.session.findMany({ where: { userId: owner.id } })).map((s) => s.sessionToken)).toEqual([later]);
  });

  it("prunes a rate-limit window once it has closed, while a longer window started with it stays", async () => {
    const start = Math.floor(Date.now() / HOUR) * HOUR + 30 * MINUTE;
    await consumeRateLimit("ip:203.0.113.7", new Date(start), 100, 60);
    await consumeRateLimit("ip:203.0.113.7", new Date(start), 10, 3_600);

    clockAt(start + MINUTE - 5 * SECOND);
    expect(await pruneExpired(RETENTION_DAYS)).toMatchObject({ rateLimitWindows: 0 });
    clockAt(start + MINUTE + 5 * SECOND);
    expect(await pruneExpired(RETENTION_DAYS)).toMatchObject({ rateLimitWindows: 1 });
    const left = await db.rateLimitWindow.findMany();
    expect(left.map((w) => w.expiresAt.getTime())).toEqual([start + 30 * MINUTE]);
  });

  it("deletes in bounded statements until nothing expired is left", async () => {
    const closed = new Date(Date.now() - HOUR);
    for (let i = 0; i < 12; i++) await consumeRateLimit(`ip:192.0.2.${i}`, closed, 100, 60);
    expect(await pruneExpired(RETENTION_DAYS, 5)).toMatchObject({ rateLimitWindows: 12 });
    expect(await db.rateLimitWindow.count()).toBe(0);
  });

  it("never prunes analytics: documents, viewers, visits, page times, downloads and leads", async () => {
    const { owner, doc } = await ownerWithDocument();
    await seedActivity(doc, demoViewers(doc.pageCount, 12, random(11), 42));
    await ingestNow(
      doc,
      open,
      randomBytes(12).toString("base64url"),
      { batch_id: `b_${randomBytes(8).toString("hex")}`, pages: [{ page: 2, seconds: 4 }] },
      noReaderCap,
    );
    const analytics = async () => ({
      document: await db.document.findUniqueOrThrow({ where: { id: doc.id } }),
      documents: await db.document.count({ where: { teamId: owner.personalTeamId } }),
      viewers: await db.viewer.count({ where: { documentId: doc.id } }),
      visits: await db.visit.count({ where: { documentId: doc.id } }),
      pageTimes: await db.pageTime.count({ where: { documentId: doc.id } }),
      downloads: await db.download.count({ where: { documentId: doc.id } }),
      leads: await db.lead.count({ where: { documentId: doc.id } }),
    });
    const before = await analytics();
    expect(before.viewers).toBe(13);
    expect(before.leads).toBeGreaterThan(0);
    expect(before.downloads).toBeGreaterThan(0);

    setClockOffset(10 * 365 * DAY);
    expect(await pruneExpired(1)).toMatchObject({ trackBatches: 1 });
    expect(await analytics()).toEqual(before);
  });

  it("does nothing while another run holds the lock; that run still finishes its work", async () => {
    const closed = new Date(Date.now() - HOUR);
    await consumeRateLimit("ip:198.51.100.1", closed, 100, 60);
    await consumeRateLimit("ip:198.51.100.2", closed, 100, 60);
    // Another transaction holds one expired window, so the first run stops there, holding the lock.
    const blocker = await openClient();
    await blocker.query("BEGIN");
    await blocker.query("SELECT 1 FROM rate_limit_windows WHERE key = 'ip:198.51.100.1' FOR UPDATE");
    const first = pruneExpired(RETENTION_DAYS);
    await untilBlockedOnALock();

    expect(await pruneExpired(RETENTION_DAYS)).toBeNull();
    expect(await db.rateLimitWindow.count()).toBe(2);

    await blocker.query("ROLLBACK");
    await blocker.end();
    expect(await first).toMatchObject({ rateLimitWindows: 2 });
    expect(await db.rateLimitWindow.count()).toBe(0);
  });
});

describe("describePruned", () => {
  it("names what a run pruned in one line, and nothing when nothing was", () => {
    expect(
      describePruned({
        trackBatches: 3,
        deliveries: 0,
        events: 2,
        notifications: 0,
        rateLimitWindows: 1,
        emailVerifications: 0,
        sessions: 0,
      }),
    ).toBe("pruned track batches: 3, events: 2, rate-limit windows: 1");
    expect(
      describePruned({
        trackBatches: 0,
        deliveries: 0,
        events: 0,
        notifications: 0,
        rateLimitWindows: 0,
        emailVerifications: 0,
        sessions: 0,
      }),
    ).toBeNull();
  });
});
