import { afterAll, describe, expect, it } from "vitest";
import { ownerWithDocument, queueEvent, withWebhook } from "../../test/support/fixtures";
import { startReceiver } from "../../test/support/webhook-receiver";
import { db } from "../db/client";
import { runOnce } from "../jobs/runner";
import { getWebhookConfiguration } from "./manage-webhook";
import { RESPONSE_EXCERPT_BYTES } from "./post-signed";

const receiver = await startReceiver();
afterAll(() => receiver.close());

/** A delivery of one event to the receiver, answered as told, read back as the Webhook page reads it. */
async function deliveredWith(answer: { status: number; body: string | Buffer }) {
  receiver.respondWith(() => answer);
  const { owner, doc } = await ownerWithDocument();
  await withWebhook(owner.personalTeamId, receiver.url);
  const { deliveryId } = await queueEvent(owner.personalTeamId, doc);
  await runOnce();
  const { deliveries } = await getWebhookConfiguration(owner.personalTeamId);
  const attempt = await db.webhookAttempt.findFirstOrThrow({ where: { deliveryId } });
  return { doc, delivery: deliveries.find((d) => d.delivery_id === deliveryId)!, attempt };
}

describe("a delivery's details", () => {
  it("keep the request body sent, the response status and the receiver's answer, on the delivery and its attempt", async () => {
    const answer = '{"error":"unknown field: lead.score"}';
    const { doc, delivery, attempt } = await deliveredWith({ status: 422, body: answer });
    expect(delivery).toMatchObject({ status: "pending", response_status: 422, error: "HTTP 422", response_body: answer });
    expect(JSON.stringify(delivery.payload)).toBe(receiver.received.at(-1)!.body);
    expect(delivery.payload).toMatchObject({ data: { document: { title: doc.title, short_code: `s/${doc.code}` } } });
    expect(attempt).toMatchObject({ responseStatus: 422, responseBody: answer });
  });

  it(`keep at most ${RESPONSE_EXCERPT_BYTES} bytes of a huge answer, without NUL, and still read it to its end`, async () => {
    const huge = Buffer.concat([Buffer.from("é\u0000ok "), Buffer.alloc(5 * 1024 * 1024, "x")]);
    const { delivery, attempt } = await deliveredWith({ status: 200, body: huge });
    expect(delivery.status).toBe("succeeded");
    const excerpt = delivery.response_body!;
    expect(excerpt.startsWith("éok x")).toBe(true);
    expect(excerpt).not.toContain("\u0000");
    expect(Buffer.byteLength(excerpt)).toBeLessThanOrEqual(RESPONSE_EXCERPT_BYTES);
    expect(Buffer.byteLength(excerpt)).toBeGreaterThan(RESPONSE_EXCERPT_BYTES - 4);
    expect(attempt.responseBody).toBe(excerpt);
  });

  it("keep no answer when the receiver sent none", async () => {
    const { delivery } = await deliveredWith({ status: 204, body: "" });
    expect(delivery).toMatchObject({ status: "succeeded", response_status: 204, response_body: "" });
  });
});
