import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../test/support/playwright/api-contract";
import Stripe from "stripe";
import { startReceiver } from "../test/support/webhook-receiver";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { db } from "../test/support/playwright/database";
import { uploadOk } from "../test/support/playwright/upload";

const stripe = new Stripe("sk_test_unused");
let receiver: Awaited<ReturnType<typeof startReceiver>>;
test.beforeAll(async () => {
  receiver = await startReceiver();
});
test.afterAll(async () => receiver.close());

const KINDS = [
  "document.viewed",
  "document.completed",
  "lead.captured",
  "viewer.revisited",
  "engagement.milestone",
  "document.uploaded",
  "document.downloaded",
];

test.describe("the webhook API", () => {
  test("create (201, secret once), read with history, update (200), test, delete", async ({ request }) => {
    const account = await newAccount("hooks-api");
    const headers = account.auth;
    const none = await request.get("/api/v1/webhooks", { headers });
    expect(none.status()).toBe(404);
    expect((await none.json()).error.code).toBe("not_found");
    expect((await request.post("/api/v1/webhooks/test", { headers })).status()).toBe(404);

    const created = await request.post("/api/v1/webhooks", { headers, data: { url: receiver.url } });
    expect(created.status()).toBe(201);
    const body = await created.json();
    expect(Object.keys(body).sort()).toEqual(["events", "is_active", "secret", "url", "webhook_id"]);
    expect(body).toMatchObject({
      url: receiver.url,
      events: KINDS.slice().sort((a, b) => KINDS.indexOf(a) - KINDS.indexOf(b)),
      is_active: true,
    });
    expect(body.secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);

    const updated = await request.post("/api/v1/webhooks", {
      headers,
      data: { url: `${receiver.url}?v=2`, events: ["lead.captured", "document.viewed"] },
    });
    expect(updated.status()).toBe(200);
    const updatedBody = await updated.json();
    expect(updatedBody).not.toHaveProperty("secret");
    expect(updatedBody.events).toEqual(["document.viewed", "lead.captured"]);

    const test = await request.post("/api/v1/webhooks/test", { headers });
    expect(test.status()).toBe(200);
    const result = await test.json();
    expect(result).toMatchObject({ delivered: true, status_code: 200, error: null });
    const arrived = receiver.received.find((r) => r.body.includes(result.event_id))!;
    const event = stripe.webhooks.constructEvent(
      arrived.body,
      String(arrived.headers["x-service-signature"]),
      body.secret,
      300,
    ) as unknown as { event: string };
    expect(event.event).toBe("webhook.test");

    const read = await (await request.get("/api/v1/webhooks", { headers })).json();
    expect(read.webhook).toMatchObject({ webhook_id: body.webhook_id, is_active: true, consecutive_failures: 0, disabled_at: null });
    expect(read.webhook).not.toHaveProperty("secret");
    expect(read.deliveries[0]).toEqual({
      delivery_id: expect.any(String),
      event_id: result.event_id,
      event: "webhook.test",
      status: "succeeded",
      attempts: 1,
      response_status: 200,
      error: null,
      duration_ms: expect.any(Number),
      created_at: expect.any(String),
      last_attempt_at: expect.any(String),
      next_attempt_at: null,
      // What was sent and the start of what came back (additive).
      payload: expect.objectContaining({ event: "webhook.test", id: result.event_id }),
      response_body: expect.any(String),
    });

    expect((await request.delete("/api/v1/webhooks", { headers })).status()).toBe(204);
    expect((await request.get("/api/v1/webhooks", { headers })).status()).toBe(404);
    expect((await request.delete("/api/v1/webhooks", { headers })).status()).toBe(404);
  });

  const invalid: Array<[string, unknown, string]> = [
    ["a missing url", { events: ["lead.captured"] }, "url"],
    ["a relative url", { url: "/hooks" }, "absolute URL"],
    ["an ftp url", { url: "ftp://example.com/x" }, "http or https"],
    ["empty events", { url: "https://example.com/h", events: [] }, "events"],
    ["an unknown event", { url: "https://example.com/h", events: ["document.exploded"] }, "events"],
    ["an unknown field", { url: "https://example.com/h", secret: "mine" }, "secret"],
  ];
  for (const [name, data, mention] of invalid) {
    test(`refuses ${name} with 422 validation_error`, async ({ request }) => {
      const account = await newAccount("hooks-bad");
      const response = await request.post("/api/v1/webhooks", { headers: account.auth, data: data as object });
      expect(response.status()).toBe(422);
      const error = (await response.json()).error;
      expect(error.code).toBe("validation_error");
      expect(error.message).toContain(mention);
      expect((await request.get("/api/v1/webhooks", { headers: account.auth })).status()).toBe(404);
    });
  }
});

test.describe("events end to end", () => {
  async function waitFor(kind: string, predicate: (e: { data: Record<string, unknown> }) => boolean = () => true) {
    await expect
      .poll(() => receiver.events().filter((e) => e.event === kind && predicate(e)).length, { timeout: 15_000 })
      .toBeGreaterThan(0);
    return receiver
      .events()
      .filter((e) => e.event === kind && predicate(e))
      .at(-1)!;
  }

  test("each of the seven kinds arrives signed, with the exact envelope and payload", async ({ request, playwright, baseURL }) => {
    const account: Account = await newAccount("hooks-e2e");
    const { secret } = await (await request.post("/api/v1/webhooks", { headers: account.auth, data: { url: receiver.url } })).json();
    const doc = await uploadOk(request, account, { pages: 3, fields: { gate_type: "full", title: "Webhook deck" } });
    const code = doc.short_code.slice(2);
    const expectedDocument = { id: doc.id, title: "Webhook deck", short_code: `s/${code}`, url: doc.url };
    // Read through the document's own short code: the link is that code, with no name.
    const expectedLink = { code, name: null };
    const forDoc = (e: { data: Record<string, unknown> }) => (e.data.document as { id: string }).id === doc.id;

    const uploaded = await waitFor("document.uploaded", forDoc);
    expect(uploaded.data).toEqual({
      document: expectedDocument,
      link: expectedLink,
      upload: { original_filename: "e2e_quarterly-deck.pdf", page_count: 3, size_bytes: expect.any(Number), settings: doc.settings },
    });

    const reader: APIRequestContext = await playwright.request.newContext({ baseURL });
    expect((await reader.post(`/s/${code}/gate`, { data: { email: "Dana@Acme.com", name: "Dana" } })).status()).toBe(200);
    const lead = await waitFor("lead.captured", forDoc);
    expect(lead.data).toEqual({
      document: expectedDocument,
      link: expectedLink,
      lead: { email: "dana@acme.com", name: "Dana", company_domain: "acme.com", pages_viewed: 0, total_pages: 3, time_spent_seconds: 0 },
    });

    const track = (body: object) => reader.post(`/s/${code}/track`, { data: body });
    const first = await (await track({ batch_id: "e2e-batch-0001", pages: [{ page: 1, seconds: 1.5 }] })).json();
    const viewed = await waitFor("document.viewed", forDoc);
    expect(viewed.data).toEqual({
      document: expectedDocument,
      link: expectedLink,
      viewer: {
        email: "dana@acme.com",
        company_domain: "acme.com",
        pages_viewed: 1,
        total_pages: 3,
        completion: 0.3333,
        time_spent_seconds: 1.5,
        engagement_label: "Skimmed",
        visit_number: 1,
      },
    });

    await new Promise((r) => setTimeout(r, 2500));
    await track({
      batch_id: "e2e-batch-0002",
      visit_id: first.visit_id,
      pages: [
        { page: 2, seconds: 1 },
        { page: 3, seconds: 1 },
      ],
    });
    const completed = await waitFor("document.completed", forDoc);
    expect(completed.data).toEqual({
      document: expectedDocument,
      link: expectedLink,
      viewer: { email: "dana@acme.com", company_domain: "acme.com", completion: 1, time_spent_seconds: 3.5, visit_number: 1 },
    });

    expect((await reader.get(`/s/${code}/download`)).status()).toBe(200);
    const downloaded = await waitFor("document.downloaded", forDoc);
    expect(downloaded.data).toEqual({
      document: expectedDocument,
      link: expectedLink,
      viewer: { email: "dana@acme.com", company_domain: "acme.com", visit_number: 1 },
      download: { downloaded_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
    });
    const milestone = await waitFor("engagement.milestone", forDoc);
    expect(milestone.data).toEqual({
      document: expectedDocument,
      link: expectedLink,
      viewer: {
        email: "dana@acme.com",
        company_domain: "acme.com",
        engagement_label: "High Interest",
        previous_label: "Skimmed",
        completion: 1,
        pages_viewed: 3,
        total_pages: 3,
        time_spent_seconds: 3.5,
        visit_number: 1,
      },
      milestone: "high_interest",
    });

    // 25 hours pass (the visit is moved back), then the reader returns.
    await db.$executeRaw`UPDATE visits SET started_at = started_at - interval '25 hours', last_activity_at = last_activity_at - interval '25 hours' WHERE id = ${first.visit_id}::uuid`;
    await db.$executeRaw`UPDATE viewers SET first_viewed_at = first_viewed_at - interval '25 hours' WHERE document_id = ${doc.id}::uuid`;
    await track({ batch_id: "e2e-batch-0003", pages: [{ page: 1, seconds: 1 }] });
    const revisited = await waitFor("viewer.revisited", forDoc);
    expect(revisited.data).toEqual({
      document: expectedDocument,
      link: expectedLink,
      viewer: {
        email: "dana@acme.com",
        company_domain: "acme.com",
        visit_number: 2,
        first_viewed_at: expect.any(String),
        hours_since_first_view: 25,
        engagement_label: "High Interest",
      },
    });

    const mine = receiver.received.filter((r) => r.body.includes(doc.id));
    expect(new Set(mine.map((r) => JSON.parse(r.body).event))).toEqual(new Set(KINDS));
    for (const r of mine) {
      const event = stripe.webhooks.constructEvent(r.body, String(r.headers["x-service-signature"]), secret, 300) as unknown as {
        id: string;
        created_at: string;
      };
      expect(event.id).toMatch(/^evt_[0-9A-Za-z]{24}$/);
      expect(Object.keys(JSON.parse(r.body)).sort()).toEqual(["created_at", "data", "event", "id"]);
      expect(r.headers["content-type"]).toBe("application/json");
    }
  });
});
