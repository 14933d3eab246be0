import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { computeSignature, signatureHeader, verifyWebhookSignature } from "./signature";

const secret = "whsec_0123456789abcdefghijABCDEFGHIJ01";
const body = JSON.stringify({ id: "evt_abc", event: "document.viewed", created_at: "2026-11-21T00:00:00.000Z", data: { n: 1 } });

describe("webhook signatures", () => {
  it("signs t.rawBody with HMAC-SHA256 keyed by the whole secret", () => {
    expect(signatureHeader(secret, body, 1_700_000_000)).toBe(`t=1700000000,v1=${computeSignature(secret, 1_700_000_000, body)}`);
    expect(computeSignature(secret, 1, "x")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("verifies a fresh signature and refuses a tampered body, a wrong secret or a stale time", () => {
    const now = Math.floor(Date.now() / 1000);
    const header = signatureHeader(secret, body, now);
    expect(verifyWebhookSignature(body, header, secret)).toBe(true);
    expect(verifyWebhookSignature(`${body} `, header, secret)).toBe(false);
    expect(verifyWebhookSignature(body, header, `${secret}x`)).toBe(false);
    expect(verifyWebhookSignature(body, signatureHeader(secret, body, now - 301), secret)).toBe(false);
    expect(verifyWebhookSignature(body, signatureHeader(secret, body, now + 301), secret)).toBe(false);
    expect(verifyWebhookSignature(body, signatureHeader(secret, body, now - 299), secret)).toBe(true);
    expect(verifyWebhookSignature(body, "garbage", secret)).toBe(false);
    expect(verifyWebhookSignature(body, undefined, secret)).toBe(false);
  });

  it("is accepted by an independent verifier: Stripe's webhooks.constructEvent", () => {
    const stripe = new Stripe("sk_test_unused");
    const header = signatureHeader(secret, body);
    const event = stripe.webhooks.constructEvent(body, header, secret, 300) as unknown as { id: string };
    expect(event.id).toBe("evt_abc");
    expect(() => stripe.webhooks.constructEvent(`${body}x`, header, secret, 300)).toThrow();
  });
});
