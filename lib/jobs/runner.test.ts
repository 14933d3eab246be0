import { afterAll, afterEach, describe, expect, it } from "vitest";
import { ownerWithDocument, queueEvent, withWebhook } from "../../test/support/fixtures";
import { startReceiver } from "../../test/support/webhook-receiver";
import { reloadConfig } from "../config";
import { db } from "../db/client";
import { setClockOffset } from "../time";
import { getWebhookConfiguration, saveWebhook, sendTestEvent } from "../webhooks/manage-webhook";
import { postSigned } from "../webhooks/post-signed";
import { runOnce } from "./runner";
import { verifyWebhookSignature } from "../webhooks/signature";
import { webhookUrlProblem } from "../webhooks/ssrf-guard";

let clock = 0;
const advance = (ms: number) => setClockOffset((clock += ms));
afterEach(() => setClockOffset((clock = 0)));

const receiver = await startReceiver();
afterAll(() => receiver.close());

describe("the in-process runner", () => {
  it("follows the schedule: now, +1 minute, +30 minutes, then the delivery has failed", async () => {
    receiver.respondWith(() => ({ status: 500 }));
    receiver.received.length = 0;
    const { owner, doc } = await ownerWithDocument();
    const { secret } = await withWebhook(owner.personalTeamId, receiver.url);
    const { event, deliveryId } = await queueEvent(owner.personalTeamId, doc);

    await runOnce();
    expect(receiver.received).toHaveLength(1);
    await runOnce();
    advance(59_000);
    await runOnce();
    expect(receiver.received).toHaveLength(1);
    advance(2_000);
    await runOnce();
    expect(receiver.received).toHaveLength(2);
    advance(29 * 60_000);
    await runOnce();
    expect(receiver.received).toHaveLength(2);
    advance(60_000 + 1_000);
    await runOnce();
    expect(receiver.received).toHaveLength(3);
    advance(24 * 3_600_000);
    await runOnce();
    expect(receiver.received).toHaveLength(3);

    expect(receiver.events().every((e) => e.id === event.id)).toBe(true);
    for (const r of receiver.received) {
      const t = Number(/t=(\d+)/.exec(String(r.headers["x-service-signature"]))![1]);
      expect(verifyWebhookSignature(r.body, String(r.headers["x-service-signature"]), secret, 300, t)).toBe(true);
    }
    const { deliveries } = await getWebhookConfiguration(owner.personalTeamId);
    expect(deliveries[0]).toMatchObject({
      delivery_id: deliveryId,
      event_id: event.id,
      event: "document.downloaded",
      status: "failed",
      attempts: 3,
      response_status: 500,
      error: "HTTP 500",
      next_attempt_at: null,
    });
  });

  it("settles an attempt a crash cut off as failed (attempt interrupted) and keeps to the schedule", async () => {
    receiver.respondWith(() => ({ status: 200 }));
    receiver.received.length = 0;
    const { owner, doc } = await ownerWithDocument();
    await withWebhook(owner.personalTeamId, receiver.url);
    const { deliveryId } = await queueEvent(owner.personalTeamId, doc);
    // What a process killed mid-attempt leaves: the attempt recorded, never settled, the retry scheduled.
    const started = new Date();
    await db.webhookAttempt.create({ data: { deliveryId, number: 1, signedAt: started, error: "attempt interrupted", durationMs: 0 } });
    await db.webhookDelivery.update({
      where: { id: deliveryId },
      data: { attempts: 1, lastAttemptAt: started, nextAttemptAt: new Date(started.getTime() + 60_000) },
    });

    advance(59_000);
    await runOnce();
    expect(receiver.received).toHaveLength(0);
    advance(2_000);
    await runOnce();
    expect(receiver.received).toHaveLength(1);
    const attempts = await db.webhookAttempt.findMany({ where: { deliveryId }, orderBy: { number: "asc" } });
    expect(attempts.map((a) => [a.number, a.error, a.finishedAt !== null])).toEqual([
      [1, "attempt interrupted", true],
      [2, null, true],
    ]);
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).toMatchObject({ status: "succeeded", attempts: 2 });
  });

  it("fails a delivery whose last attempt a crash cut off", async () => {
    receiver.received.length = 0;
    const { owner, doc } = await ownerWithDocument();
    await withWebhook(owner.personalTeamId, receiver.url);
    const { deliveryId } = await queueEvent(owner.personalTeamId, doc);
    const started = new Date();
    for (const number of [1, 2])
      await db.webhookAttempt.create({
        data: { deliveryId, number, signedAt: started, error: "HTTP 500", durationMs: 5, finishedAt: started },
      });
    await db.webhookAttempt.create({ data: { deliveryId, number: 3, signedAt: started, error: "attempt interrupted", durationMs: 0 } });
    await db.webhookDelivery.update({
      where: { id: deliveryId },
      data: { attempts: 3, lastAttemptAt: started, nextAttemptAt: new Date(started.getTime() + 70_000) },
    });
    advance(71_000);
    await runOnce();
    expect(receiver.received).toHaveLength(0);
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).toMatchObject({
      status: "failed",
      attempts: 3,
      error: "attempt interrupted",
      nextAttemptAt: null,
    });
  });

  it("records a receiver that times out (11 s) as a failed attempt after 10 s", async () => {
    receiver.respondWith(() => ({ status: 200, delayMs: 11_000 }));
    const { owner, doc } = await ownerWithDocument();
    await withWebhook(owner.personalTeamId, receiver.url);
    const { deliveryId } = await queueEvent(owner.personalTeamId, doc);
    const started = Date.now();
    await runOnce();
    expect(Date.now() - started).toBeLessThan(10_900);
    const delivery = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, responseStatus: null, error: "Timed out after 10 s" });
    expect(delivery.durationMs).toBeGreaterThanOrEqual(10_000);
  }, 20_000);

  it("records a receiver that is down", async () => {
    const { owner, doc } = await ownerWithDocument();
    await withWebhook(owner.personalTeamId, "http://127.0.0.1:9/hooks");
    const { deliveryId } = await queueEvent(owner.personalTeamId, doc);
    await runOnce();
    const delivery = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
    expect(delivery.error).toMatch(/ECONNREFUSED/);
  });

  it("disables after 3 failed deliveries, queues nothing while disabled, and a POST re-enables it", async () => {
    receiver.respondWith(() => ({ status: 500 }));
    const { owner, doc } = await ownerWithDocument();
    await withWebhook(owner.personalTeamId, receiver.url);
    for (let i = 0; i < 3; i++) await queueEvent(owner.personalTeamId, doc);
    for (let round = 0; round < 3; round++) {
      await runOnce();
      advance(31 * 60_000);
    }
    await runOnce();
    const disabled = await getWebhookConfiguration(owner.personalTeamId);
    expect(disabled.webhook).toMatchObject({ is_active: false, consecutive_failures: 3, disabled_reason: "failed_deliveries" });
    expect(disabled.webhook.disabled_at).not.toBeNull();
    expect((await queueEvent(owner.personalTeamId, doc)).deliveryId).toBeUndefined();

    receiver.respondWith(() => ({ status: 200 }));
    const again = await saveWebhook({ teamId: owner.personalTeamId, userId: owner.id }, { url: receiver.url });
    expect(again).toMatchObject({ created: false, body: { is_active: true } });
    expect(again.body).not.toHaveProperty("secret");
    const { deliveryId } = await queueEvent(owner.personalTeamId, doc);
    await runOnce();
    expect((await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).status).toBe("succeeded");
    expect((await getWebhookConfiguration(owner.personalTeamId)).webhook).toMatchObject({ consecutive_failures: 0, disabled_reason: null });
  });

  it("sends a test event once, records it, and never counts it towards auto-disable", async () => {
    receiver.respondWith(() => ({ status: 500 }));
    const { owner } = await ownerWithDocument();
    await withWebhook(owner.personalTeamId, receiver.url);
    for (let i = 0; i < 4; i++) {
      const result = await sendTestEvent({ teamId: owner.personalTeamId, userId: owner.id });
      expect(result).toMatchObject({ delivered: false, status_code: 500, error: "HTTP 500" });
      expect(result.event_id).toMatch(/^evt_/);
    }
    const config = await getWebhookConfiguration(owner.personalTeamId);
    expect(config.webhook).toMatchObject({ is_active: true, consecutive_failures: 0 });
    expect(config.deliveries.filter((d) => d.event === "webhook.test")).toHaveLength(4);
    receiver.respondWith(() => ({ status: 200 }));
    const ok = await sendTestEvent({ teamId: owner.personalTeamId, userId: owner.id });
    expect(ok).toMatchObject({ delivered: true, status_code: 200, error: null });
    const body = receiver.events().at(-1)!;
    expect(body).toMatchObject({ id: ok.event_id, event: "webhook.test", data: { webhook_id: config.webhook.webhook_id } });
  });
});

describe("the SSRF guard", () => {
  afterEach(() => {
    process.env.ALLOW_PRIVATE_WEBHOOK_URLS = "true";
    process.env.ALLOW_HTTP_WEBHOOKS = "true";
    reloadConfig();
  });

  it("refuses private addresses at registration, hostnames that resolve to them included", async () => {
    process.env.ALLOW_PRIVATE_WEBHOOK_URLS = "false";
    reloadConfig();
    expect(await webhookUrlProblem("http://localhost:8080/hooks")).toMatch(/localhost resolves to (127\.0\.0\.1|::1)/);
    expect(await webhookUrlProblem("https://169.254.169.254/latest/meta-data")).toMatch(/private or reserved/);
    expect(await webhookUrlProblem("https://[::1]/x")).toMatch(/private or reserved/);
    expect(await webhookUrlProblem("https://10.0.0.8/x")).toMatch(/private or reserved/);
    expect(await webhookUrlProblem("https://93.184.216.34/hooks")).toBeNull();
  });

  it("refuses http unless ALLOW_HTTP_WEBHOOKS", async () => {
    process.env.ALLOW_HTTP_WEBHOOKS = "false";
    reloadConfig();
    expect(await webhookUrlProblem("http://93.184.216.34/hooks")).toBe("url must use https");
    expect(await webhookUrlProblem("ftp://example.com")).toBe("url must use https");
    expect(await webhookUrlProblem("not a url")).toMatch(/absolute URL/);
  });

  it("checks again at connect time (DNS rebinding): a registered hostname now resolving to loopback is refused", async () => {
    receiver.received.length = 0;
    process.env.ALLOW_PRIVATE_WEBHOOK_URLS = "false";
    reloadConfig();
    const outcome = await postSigned(`http://localhost:${receiver.port}/hooks`, "{}", "whsec_x");
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatch(/private or reserved/);
    expect(receiver.received).toHaveLength(0);
  });
});
