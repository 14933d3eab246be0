import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { newAccount } from "../test/support/playwright/accounts";
import { uploadOk } from "../test/support/playwright/upload";

/**
 * A seeded fuzz of every route, `/api/v1` and `/s/*`: odd methods, mangled paths, hostile bodies
 * and queries. No answer is a 5xx, and every non-2xx under /api/v1 is in the error envelope.
 */
const SEED = 20261123;
const REQUESTS = 400;

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test("a seeded fuzz of every route gets no 5xx, and the envelope on every /api/v1 error", async ({ playwright, baseURL }) => {
  test.setTimeout(180_000);
  const account = await newAccount("fuzz");
  const owner = await playwright.request.newContext({ baseURL });
  const doc = await uploadOk(owner, account, { pages: 3, fields: { gate_page: "2" } });
  const code = doc.short_code.slice(2);
  const next = random(SEED);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;

  const apiPaths = [
    "/api/v1",
    "/api/v1/",
    "/api/v1/documents",
    "/api/v1/documents/",
    `/api/v1/documents/${doc.short_code}`,
    `/api/v1/documents/${code}`,
    `/api/v1/documents/${doc.short_code}/stats`,
    `/api/v1/documents/${doc.short_code}/viewers`,
    `/api/v1/documents/${doc.short_code}/leads`,
    "/api/v1/analytics/overview",
    "/api/v1/webhooks",
    "/api/v1/webhooks/test",
    "/api/v1/openapi.json",
    "/api/v1/nope",
    "/api/v1/documents/%ZZ",
    "/api/v1/documents/%E0%A4%A",
    "/api/v1//documents",
    "/api/v1/documents/s-%00",
    `/api/v1/documents/${"x".repeat(3000)}`,
    "/api/v1/documents/s-ünïcode",
    "/api/v1/documents/../webhooks",
  ];
  const viewerPaths = [
    `/s/${code}`,
    `/s/${code}/file?v=full`,
    `/s/${code}/file?v=preview`,
    `/s/${code}/file`,
    `/s/${code}/gate`,
    `/s/${code}/track`,
    `/s/${code}/password`,
    `/s/${code}/download`,
    "/s/%ZZ/track",
    "/s/zzzzzzzzzz/gate",
    "/s/zzzzzzzzzz",
    `/s/${code}/nope`,
  ];
  const deep = `${"[".repeat(3900)}${"]".repeat(3900)}`;
  const bodies: Array<string | Buffer | undefined> = [
    undefined,
    "",
    "{}",
    "[]",
    "null",
    "42",
    '"text"',
    "{not json",
    deep,
    `{"title":${deep}}`,
    `{"events":${deep}}`,
    '{"title":"a\\u0000b"}',
    '{"url":"https://example.com/hook","events":["document.viewed"]}',
    '{"url":"http://169.254.169.254/"}',
    '{"email":"a@b.co"}',
    '{"email":"x\\u0000@acme.com"}',
    '{"password":"guess"}',
    '{"batch_id":"b_fuzz_000001","pages":[{"page":1,"seconds":1e308}]}',
    '{"batch_id":"b_fuzz_000002","pages":[{"page":-1,"seconds":-5}]}',
    '{"gate_page":99999999999999999999}',
    '{"gate_type":"sideways"}',
    '{"__proto__":{"admin":true}}',
    "x".repeat(70 * 1024),
    Buffer.from([0xff, 0xfe, 0x00, 0x80, 0xc3]),
  ];
  const queries = [
    "",
    "?page=0",
    "?per_page=1000",
    "?since=2026-13-45",
    "?since=0000-01-01",
    "?sort=__proto__",
    "?search=%00",
    "?page=1e9",
    "?has_leads=maybe",
    "?v=full&v=preview",
  ];
  const methods = ["GET", "POST", "PATCH", "PUT", "DELETE", "OPTIONS", "HEAD", "TRACE"];
  const contentTypes = [
    "application/json",
    "text/plain",
    "multipart/form-data; boundary=x",
    "multipart/form-data",
    "application/x-www-form-urlencoded",
    "",
  ];
  const forwardedFor = `203.0.113.${1 + Math.floor(Math.random() * 250)}`;

  const failures: string[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const api = next() < 0.6;
    const path = `${pick(api ? apiPaths : viewerPaths)}${pick(queries)}`;
    const method = pick(methods);
    const body = method === "GET" || method === "HEAD" ? undefined : pick(bodies);
    const headers: Record<string, string> = { "X-Forwarded-For": forwardedFor, Origin: baseURL! };
    if (api && next() < 0.7) headers.Authorization = next() < 0.9 ? account.auth.Authorization : "Bearer pw_live_nope";
    const type = pick(contentTypes);
    if (type) headers["Content-Type"] = type;
    const response = await send(`${baseURL}${path}`, method, headers, body).catch((error: Error) => error);
    const label = `#${i} ${method} ${path.slice(0, 80)} body=${String(body ?? "").slice(0, 30)}`;
    if (response instanceof Error) {
      failures.push(`${label}: ${response.message}`);
      continue;
    }
    const text = response.body;
    if (response.status >= 500) failures.push(`${label}: ${response.status} ${text.slice(0, 120)}`);
    else if (api && (response.status < 200 || response.status >= 300) && method !== "HEAD" && !path.startsWith("/api/v1/..")) {
      let envelope: { error?: { code?: unknown; message?: unknown } } | null = null;
      try {
        envelope = JSON.parse(text);
      } catch {
        envelope = null;
      }
      if (typeof envelope?.error?.code !== "string" || typeof envelope.error.message !== "string")
        failures.push(`${label}: ${response.status} without the envelope: ${text.slice(0, 80)}`);
      if (!response.headers["x-ratelimit-limit"] && !(response.status === 405 && method === "TRACE") && !/%ZZ|%E0/.test(path))
        failures.push(`${label}: ${response.status} without rate-limit headers`);
    }
  }
  expect(failures).toEqual([]);
});

/** Raw HTTP (fetch refuses methods like TRACE and rewrites some paths). */
function send(url: string, method: string, headers: Record<string, string>, body: string | Buffer | undefined) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const length = body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(body)) };
    const req = httpRequest(url, { method, headers: { ...headers, ...length }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}
