import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../test/support/playwright/api-contract";
import { ContractViolation } from "../test/support/api-contract";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { db } from "../test/support/playwright/database";
import { uploadOk } from "../test/support/playwright/upload";

/**
 * A seeded fuzz of every route, `/api/v1` and `/s/*`: odd methods, mangled paths, hostile bodies
 * and queries. No answer is a 5xx, and every non-2xx under /api/v1 is in the error envelope.
 * Then the dashboard's server actions: forged arguments and bodies, with and without a session,
 * from other origins. No answer is a 5xx, and nothing changes.
 */
const SEED = 20261123;
const REQUESTS = 400;
const ACTION_REQUESTS = 300;

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test("a seeded fuzz of every route gets no 5xx, and every /api/v1 answer the OpenAPI document allows", async ({
  playwright,
  baseURL,
  contract,
}) => {
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
    `/s/${code}/verify`,
    `/s/${code}/agree`,
    "/s/zzzzzzzzzz/verify",
    "/s/zzzzzzzzzz/agree",
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
    "email=jane%40acme.com",
    "email=jane%40acme.com&code=123456",
    "password=guess&next=%2F",
    "agree=on",
    "code=%00%ff",
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
    if (api) {
      const headers = Object.fromEntries(Object.entries(response.headers).filter((e): e is [string, string] => typeof e[1] === "string"));
      try {
        contract.verify({ method, path: path.split("?")[0]!, status: response.status, headers, body: text });
      } catch (error) {
        if (!(error instanceof ContractViolation)) throw error;
        failures.push(`${label}: ${error.message}`);
      }
    }
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

/** Signs in through next-auth's endpoint and returns the session cookie, as a browser would send it. */
async function sessionCookie(request: APIRequestContext, account: Account): Promise<string> {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  await request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: account.email, password: account.password },
    maxRedirects: 0,
  });
  const { cookies } = await request.storageState();
  return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

test("a seeded fuzz of the server actions gets no 5xx, refuses other origins with 403, and forged calls change nothing", async ({
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const account = await newAccount("fuzz-actions");
  const owner = await playwright.request.newContext({ baseURL });
  const doc = await uploadOk(owner, account, { pages: 2 });
  const key = await db.apiKey.findFirstOrThrow({ where: { userId: account.userId } });
  const session = await sessionCookie(await playwright.request.newContext({ baseURL }), account);
  expect(session).toContain("session-token");
  // Every action of the build, by the ids its pages reference; signing out is e2e/sessions.spec.ts's (it would end the session here).
  const manifest = JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")) as {
    node: Record<string, { exportedName?: string }>;
  };
  const actions = Object.entries(manifest.node)
    .filter(([, action]) => !action.exportedName?.startsWith("signOut"))
    .map(([id]) => id);
  expect(actions.length).toBeGreaterThan(15);
  const next = random(SEED + 1);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;

  const paths = [
    "/settings/api-keys",
    "/documents",
    `/documents/${doc.short_code}`,
    "/overview",
    "/sign-in",
    "/",
    `/s/${doc.short_code.slice(2)}`,
  ];
  const boundary = "----fuzz";
  const multipart = (parts: Array<[string, string]>) =>
    parts.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join("") +
    `--${boundary}--\r\n`;
  const form = multipart([
    ["0", '["$undefined","$K1"]'],
    ["1_name", "fuzz"],
    ["1_email", "x@example.com"],
    ["1_days", "400"],
  ]);
  const bodies = [
    "[1,2]",
    "[]",
    "{}",
    "null",
    "not json",
    "",
    `${"[".repeat(3000)}${"]".repeat(3000)}`,
    '["$1"]',
    '["$h1"]',
    '["$@1"]',
    '["$Q1"]',
    '["$T"]',
    `["$n${"9".repeat(400)}"]`,
    '["$undefined","$K1"]',
    '["s-zzzzzzzz",true]',
    '["not-a-uuid"]',
    '["00000000-0000-0000-0000-000000000000"]',
    '["s-zzzzzzzz","$undefined","$K1"]',
    '[{"__proto__":{"admin":true}},"$K1"]',
    "\u0000\uffff",
    form,
    form.slice(0, -25),
    multipart([["1", '["x"]']]),
    multipart([["0", "[x"]]),
    multipart([["0", '["$2"]']]),
    `--${boundary}\r\nContent-Disposition: form-data; name="0"\r\n\r\n`,
  ];
  // What a forged call from another site would aim at: this owner's key, document and settings.
  const targets = [
    `["${key.id}"]`,
    `["${doc.short_code}"]`,
    `["${doc.short_code}",false]`,
    multipart([
      ["0", `["${doc.short_code}","$undefined","$K1"]`],
      ["1_title", "forged"],
    ]),
  ];
  const foreignOrigins = ["http://evil.example", `${baseURL}.evil.example`, "null", "garbage"];

  const failures: string[] = [];
  for (let i = 0; i < ACTION_REQUESTS; i++) {
    const path = pick(paths);
    const foreign = next() < 0.3;
    const origin = foreign ? pick(foreignOrigins) : next() < 0.9 ? baseURL! : undefined;
    const body = foreign && next() < 0.5 ? pick(targets) : next() < 0.01 ? `["${"x".repeat(1_100_000)}"]` : pick(bodies);
    const headers: Record<string, string> = { "Next-Action": next() < 0.95 ? pick(actions) : pick(["zz", `7f${"0".repeat(40)}`, ""]) };
    if (origin) headers.Origin = origin;
    if (next() < 0.7) headers.Cookie = session;
    headers["Content-Type"] = body.startsWith("--")
      ? pick([`multipart/form-data; boundary=${boundary}`, `multipart/form-data; boundary=${boundary}`, "multipart/form-data"])
      : pick(["text/plain;charset=UTF-8", "application/json", "application/x-www-form-urlencoded", "application/octet-stream"]);
    const response = await send(`${baseURL}${path}`, "POST", headers, body).catch((error: Error) => error);
    const label = `#${i} POST ${path} action=${headers["Next-Action"]!.slice(0, 10)} origin=${origin} type=${headers["Content-Type"]} body=${body.slice(0, 50)}`;
    if (response instanceof Error) failures.push(`${label}: ${response.message}`);
    else if (response.status >= 500) failures.push(`${label}: ${response.status} ${response.body.slice(0, 120)}`);
    // An empty Next-Action names no action: a POST to a page that is no action call is 405 (scripts/start.ts).
    else if (foreign && response.status !== (headers["Next-Action"] ? 403 : 405))
      failures.push(`${label}: ${response.status} from another origin`);
  }
  expect(failures).toEqual([]);

  expect(await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).toMatchObject({ revokedAt: null });
  const after = await db.document.findUniqueOrThrow({ where: { id: doc.id } });
  expect(after).toMatchObject({ title: doc.title, deletedAt: null, isActive: true });
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
