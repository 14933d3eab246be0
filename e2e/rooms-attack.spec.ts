import { type APIRequestContext, expect, test } from "@playwright/test";
import { rateLimitWindow } from "../lib/rate-limit";
import { VIEWER_LIMITS } from "../lib/viewer/doors/limits";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { db } from "../test/support/playwright/database";
import { uploadOk } from "../test/support/playwright/upload";

/**
 * A room's pages reached the ways a hostile client might: codes spelled with percent-escapes
 * (which Next decodes into the page's params), so that the page's door (proxy.ts) must count and
 * answer them as it does the plain spelling.
 */
let account: Account;
test.beforeAll(async () => {
  account = await newAccount("rooms-attack");
});

type Room = { id: string; code: string };

async function api<T>(request: APIRequestContext, method: "POST" | "PATCH" | "DELETE", path: string, data?: unknown): Promise<T> {
  const response = await request.fetch(`/api/v1${path}`, { method, headers: account.auth, data });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (response.status() === 204 ? null : await response.json()) as T;
}

/** A document's share code (its short code without the API's `s-`). */
const shareCode = (doc: { short_code: string }) => doc.short_code.replace(/^s-/, "");

/** `code` with its first character percent-escaped: the same code to the router, another spelling to a regex. */
const escaped = (code: string) => `%${code.charCodeAt(0).toString(16)}${code.slice(1)}`;

/** Fills the page door's per-document (per-room) budget for the current window. */
async function exhaustPageBudget(id: string) {
  const { perDocument, windowSeconds } = VIEWER_LIMITS.page;
  const { start, end } = rateLimitWindow(new Date(), windowSeconds);
  const key = `page:document:${id}`;
  await db.rateLimitWindow.upsert({
    where: { key_windowStart: { key, windowStart: start } },
    create: { key, windowStart: start, expiresAt: end, count: perDocument! },
    update: { count: perDocument! },
  });
}

test("a room document's page spelled with percent-escapes meets the room's page budget, as the plain spelling does", async ({
  request,
}) => {
  const room = await api<Room>(request, "POST", "/rooms", { name: "Escaped deal", settings: { email_gate: false } });
  const doc = await uploadOk(request, account, { pages: 1, fields: { title: "Escaped deck", email_gate: "false" } });
  await api(request, "POST", `/rooms/${room.id}/documents`, { short_code: doc.short_code });
  const code = shareCode(doc);
  expect((await request.get(`/s/${room.code}/${code}`)).status()).toBe(200);
  expect((await request.get(`/s/${room.code}/${escaped(code)}`)).status()).toBe(200);

  await exhaustPageBudget(room.id);
  expect((await request.get(`/s/${room.code}/${code}`)).status()).toBe(429);
  expect((await request.get(`/s/${room.code}/${escaped(code)}`)).status()).toBe(429);
  expect((await request.get(`/s/${escaped(room.code)}/${code}`)).status()).toBe(429);
  expect((await request.get(`/s/${escaped(room.code)}`)).status()).toBe(429);
});

test("a deleted room or document spelled with percent-escapes is gone, as the plain spelling is", async ({ request }) => {
  const room = await api<Room>(request, "POST", "/rooms", { name: "Gone deal", settings: { email_gate: false } });
  const doc = await uploadOk(request, account, { pages: 1, fields: { title: "Gone deck", email_gate: "false" } });
  await api(request, "POST", `/rooms/${room.id}/documents`, { short_code: doc.short_code });
  await api(request, "DELETE", `/rooms/${room.id}`);
  const code = shareCode(doc);
  expect((await request.get(`/s/${room.code}`)).status()).toBe(410);
  expect((await request.get(`/s/${escaped(room.code)}`)).status()).toBe(410);
  expect((await request.get(`/s/${room.code}/${code}`)).status()).toBe(410);
  expect((await request.get(`/s/${escaped(room.code)}/${escaped(code)}`)).status()).toBe(410);

  await api(request, "DELETE", `/documents/${doc.short_code}`);
  expect((await request.get(`/s/${code}`)).status()).toBe(410);
  expect((await request.get(`/s/${escaped(code)}`)).status()).toBe(410);
});

test("malformed room document paths answer 404 without a 500", async ({ request }) => {
  const room = await api<Room>(request, "POST", "/rooms", { name: "Odd paths", settings: { email_gate: false } });
  for (const tail of [
    "ABCDEFGHIJ",
    "abcdefghij",
    "%E0%A4%A",
    "..%2F..%2Fetc",
    "a".repeat(3000),
    "%00%00%00%00%00%00%00%00%00%00",
    "zip/extra",
  ]) {
    const status = (await request.get(`/s/${room.code}/${tail}`)).status();
    expect(status, tail).toBeGreaterThanOrEqual(400);
    expect(status, tail).toBeLessThan(500);
  }
});

test("a share path whose /s/ is spelled with an escape is no way round the page's door", async ({ request }) => {
  const room = await api<Room>(request, "POST", "/rooms", { name: "Escaped prefix", settings: { email_gate: false } });
  await exhaustPageBudget(room.id);
  expect((await request.get(`/s/${room.code}`)).status()).toBe(429);
  for (const path of [`/%73/${room.code}`, `/%53/${room.code}`, `/s//${room.code}`, `/s/${room.code}/`]) {
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).not.toBe(200);
  }
});
