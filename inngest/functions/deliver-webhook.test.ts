import { InngestTestEngine } from "@inngest/test";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { startReceiver } from "../../test/support/webhook-receiver";
import { ownerWithDocument, queueEvent, withWebhook } from "../../test/support/fixtures";
import { db } from "@/lib/db/client";
import { now, setClockOffset } from "@/lib/time";
import { verifyWebhookSignature } from "@/lib/webhooks/signature";
import { RETRY_DELAYS_MS } from "@/lib/webhooks/schedule";
import { deliveryRequested } from "../../lib/jobs/inngest-client";
import { deliverWebhook } from "./deliver-webhook";

let clock = 0;
const advance = (ms: number) => setClockOffset((clock += ms));
afterEach(() => setClockOffset((clock = 0)));

const receiver = await startReceiver(() => ({ status: 500 }));
afterAll(() => receiver.close());

/** What each mocked sleep found stored on the delivery: when the last attempt ended and when the next is due. */
let woke: Array<{ lastAttemptAt: Date | null; storedNextAttemptAt: Date | null }> = [];

/**
 * Sleeps are mocked by step id; each reads the `nextAttemptAt` the attempt stored on the delivery and
 * moves the app clock to it, as the real sleep would.
 */
const engineFor = (deliveryId: string) => {
  woke = [];
  const wakeAtStoredTime = async () => {
    const { nextAttemptAt, lastAttemptAt } = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
    woke.push({ lastAttemptAt, storedNextAttemptAt: nextAttemptAt });
    if (nextAttemptAt) advance(nextAttemptAt.getTime() - now().getTime());
  };
  return new InngestTestEngine({
    function: deliverWebhook,
    events: [deliveryRequested.create({ deliveryId })],
    steps: [
      { id: "wait-after-attempt-1", handler: wakeAtStoredTime },
      { id: "wait-after-attempt-2", handler: wakeAtStoredTime },
    ],
  });
};

type SleepMock = { mock: { calls: unknown[][] } };

describe("the deliver-webhook Inngest function", () => {
  it("makes 3 attempts, sleeping until the nextAttemptAt each failed attempt stored (1m, then 30m), each freshly signed, with one event id", async () => {
    receiver.respondWith(() => ({ status: 500 }));
    receiver.received.length = 0;
    const { owner, doc } = await ownerWithDocument();
    const { secret } = await withWebhook(owner.personalTeamId, receiver.url);
    const { event, deliveryId } = await queueEvent(owner.personalTeamId, doc);

    const { result, ctx } = await engineFor(deliveryId).execute();
    expect(result).toMatchObject({ state: "failed", attempt: 3, status: 500 });
    const sleptUntil = (ctx.step.sleepUntil as unknown as SleepMock).mock.calls.map((c) => c.slice(0, 2));
    expect(sleptUntil).toEqual([
      ["wait-after-attempt-1", woke[0]!.storedNextAttemptAt!.toISOString()],
      ["wait-after-attempt-2", woke[1]!.storedNextAttemptAt!.toISOString()],
    ]);
    // The schedule's delays (stated once, in schedule.ts), counted from when each attempt ended.
    expect(woke.map((w) => w.storedNextAttemptAt!.getTime() - w.lastAttemptAt!.getTime())).toEqual([...RETRY_DELAYS_MS]);
    expect((ctx.step.sleep as unknown as SleepMock).mock.calls).toEqual([]);
    expect(receiver.events().map((e) => e.id)).toEqual([event.id, event.id, event.id]);
    const signatures = receiver.received.map((r) => String(r.headers["x-service-signature"]));
    expect(new Set(signatures).size).toBe(3);
    const stamps = signatures.map((s) => Number(/t=(\d+)/.exec(s)![1]));
    expect(stamps[1]! - stamps[0]!).toBeGreaterThanOrEqual(60);
    expect(stamps[2]! - stamps[1]!).toBeGreaterThanOrEqual(1800);
    // Each was valid when it was sent.
    receiver.received.forEach((r, i) => expect(verifyWebhookSignature(r.body, signatures[i], secret, 300, stamps[i])).toBe(true));
    const delivery = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
    expect(delivery).toMatchObject({ status: "failed", attempts: 3, responseStatus: 500 });
  });

  it("stops at the first success", async () => {
    receiver.respondWith(() => ({ status: 204 }));
    receiver.received.length = 0;
    const { owner, doc } = await ownerWithDocument();
    await withWebhook(owner.personalTeamId, receiver.url);
    const { deliveryId } = await queueEvent(owner.personalTeamId, doc);
    const { result, ctx } = await engineFor(deliveryId).execute();
    expect(result).toMatchObject({ state: "succeeded", attempt: 1, status: 204 });
    expect((ctx.step.sleepUntil as unknown as SleepMock).mock.calls).toEqual([]);
    expect(receiver.received).toHaveLength(1);
  });

  it("disables the webhook after the third consecutive failed delivery, and emails the owner", async () => {
    receiver.respondWith(() => ({ status: 503 }));
    const { owner, doc } = await ownerWithDocument();
    await withWebhook(owner.personalTeamId, receiver.url);
    for (let i = 1; i <= 3; i++) {
      const { deliveryId } = await queueEvent(owner.personalTeamId, doc);
      const { result } = await engineFor(deliveryId).execute();
      expect(result).toMatchObject({ state: "failed", webhookDisabled: i === 3 });
    }
    const webhook = await db.webhook.findUniqueOrThrow({ where: { teamId: owner.personalTeamId } });
    expect(webhook).toMatchObject({ isActive: false, consecutiveFailures: 3 });
    expect(await db.notification.count({ where: { userId: owner.id, kind: "webhook.disabled" } })).toBe(1);
    // No new deliveries are queued while it is disabled.
    const { deliveryId } = await queueEvent(owner.personalTeamId, doc);
    expect(deliveryId).toBeUndefined();
  });

  it("refuses an event whose data is not a delivery id, before any attempt", async () => {
    receiver.received.length = 0;
    const engine = new InngestTestEngine({ function: deliverWebhook, events: [{ name: deliveryRequested.name, data: { delivery: 42 } }] });
    const { error, ctx } = await engine.execute();
    expect(String((error as Error | undefined)?.message ?? error)).toMatch(/deliveryId: Invalid input/);
    expect((ctx.step.run as unknown as SleepMock).mock.calls).toEqual([]);
    expect(receiver.received).toHaveLength(0);
  });
});
