import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { CONTENT_LENGTH_HEADER } from "../lib/request/server-headers";
import { samplePdf } from "../scripts/lib/sample-pdf";
import { NEW_VIEWERS_PER_ADDRESS_PER_HOUR, VIEWER_LIMITS, type ViewerDoor, WATERMARK_JOB_LIMITS } from "../lib/viewer/doors/limits";
import { PASSWORD_FAILURES } from "../lib/viewer/grants/password-attempts";
import { type AppProcess, ROOT, runScript, startApp, startNextStart, waitForHealth } from "../test/support/app-process";
import { freshDatabase, query } from "../test/support/playwright/own-database";
import { waitForFreshMinute, waitForFreshWindow } from "../test/support/playwright/rate-limit-window";

/**
 * The share link's doors under abuse, served by two processes on one database: `npm start` and a
 * bare `next start`. Requests alternate between them, so every count is exact across processes.
 * Both trust two proxies (TRUST_PROXY=2): the client is the second X-Forwarded-For entry from the
 * right, and every request carries a random leftmost entry of the client's own making.
 */
test.describe.configure({ mode: "serial", timeout: 240_000 });

const PORTS = [3177, 3178];
const BASES = PORTS.map((port) => `http://localhost:${port}`);
const dataDir = path.join(ROOT, ".data/e2e-doors");
let databaseUrl = "";
const apps: AppProcess[] = [];
let auth: Record<string, string> = {};

const env = (port: number) => ({
  PORT: String(port),
  APP_URL: `http://localhost:${PORTS[0]}`,
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  AUTH_SECRET: "e2e-public-doors-secret-of-at-least-32-characters",
  TRUST_PROXY: "2",
});

test.beforeAll(async () => {
  databaseUrl = await freshDatabase("pagewise_doors");
  rmSync(dataDir, { recursive: true, force: true });
  apps.push(startApp(env(PORTS[0]!)));
  await waitForHealth(BASES[0]!);
  apps.push(startNextStart(env(PORTS[1]!)));
  await waitForHealth(BASES[1]!);
  expect(
    (await runScript("scripts/user-create.ts", ["--email", "doors@example.com", "--password", "long enough"], env(PORTS[0]!))).code,
  ).toBe(0);
  const key = (await runScript("scripts/apikey-create.ts", ["--email", "doors@example.com"], env(PORTS[0]!))).stdout
    .trim()
    .split("\n")
    .at(-1)!;
  auth = { Authorization: `Bearer ${key}` };
});

test.afterAll(async () => {
  for (const app of apps) app.child.kill("SIGTERM");
  await Promise.all(apps.map((app) => app.exited));
  rmSync(dataDir, { recursive: true, force: true });
});

async function upload(settings: Record<string, string>, patch?: Record<string, unknown>): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(await samplePdf(3))], { type: "application/pdf" }), "doors.pdf");
  for (const [name, value] of Object.entries(settings)) form.append(name, value);
  const created = await fetch(`${BASES[0]}/api/v1/documents`, { method: "POST", headers: auth, body: form });
  expect(created.status).toBe(201);
  const { short_code, url } = (await created.json()) as { short_code: string; url: string };
  const code = new URL(url).pathname.split("/")[2]!;
  if (patch) {
    const patched = await fetch(`${BASES[0]}/api/v1/documents/${short_code}`, {
      method: "PATCH",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify(patch),
    });
    expect(patched.status).toBe(200);
  }
  return code;
}

const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
let sent = 0;
/** A request from `client` through two proxies, to the two processes in turn. */
function from(client: string, pathname: string, init: RequestInit = {}): Promise<Response> {
  const base = BASES[sent++ % BASES.length]!;
  const spoofed = `203.0.113.${Math.floor(Math.random() * 250)}`;
  const headers = new Headers(init.headers);
  headers.set("X-Forwarded-For", `${spoofed}, ${client}, 10.0.0.${1 + (sent % 2)}`);
  // A client's own attempt at the internal address header is never believed either.
  headers.set("X-Pagewise-Client-Address", spoofed);
  // Scripts dressed as browsers: bots are answered without being recorded, and would prove nothing.
  headers.set("User-Agent", BROWSER_UA);
  return fetch(`${base}${pathname}`, { ...init, headers });
}

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});
let counter = 0;
const uniqueAddress = () => `198.51.${100 + Math.floor(++counter / 250)}.${counter % 250}`;

test("every door allows exactly its per-address limit in a minute, then answers 429 with Retry-After", async () => {
  const open = await upload({ email_gate: "false" });
  const locked = await upload({ email_gate: "false" }, { password: "open-sesame" });
  const gated = await upload({ email_gate: "true", gate_page: "2" });
  /** Each door's answer to a request within the limit. */
  const answers: Record<ViewerDoor, number> = {
    page: 200,
    password: 401,
    gate: 200,
    track: 200,
    file: 206,
    download: 200,
    questions: 403,
    search: 200,
  };
  const doors: Record<ViewerDoor, () => [string, RequestInit?]> = {
    page: () => [`/s/${open}`],
    password: () => [`/s/${locked}/password`, json({ password: "wrong" })],
    gate: () => [`/s/${gated}/gate`, json({ email: `reader-${randomBytes(4).toString("hex")}@acme.com` })],
    track: () => [`/s/${open}/track`, json({ batch_id: `b_${randomBytes(8).toString("hex")}`, pages: [{ page: 1, seconds: 1 }] })],
    file: () => [`/s/${open}/file?v=full`, { headers: { Range: "bytes=0-99" } }],
    download: () => [`/s/${open}/download`],
    // No email gate, so no asker: refused within the limit, counted all the same.
    questions: () => [`/s/${open}/questions`],
    search: () => [`/s/${open}/search?q=page`],
  };
  for (const door of Object.keys(doors) as ViewerDoor[]) {
    const client = uniqueAddress();
    const limit = VIEWER_LIMITS[door].perAddress;
    await waitForFreshMinute();
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < limit; i += 25) {
      const batch = await Promise.all(Array.from({ length: Math.min(25, limit - i) }, () => from(client, ...doors[door]())));
      for (const response of batch) {
        statuses.push(response.status);
        await response.arrayBuffer();
      }
      last = batch.at(-1);
    }
    expect(new Set(statuses), `${door}: every request within the limit is answered`).toEqual(new Set([answers[door]]));
    if (door !== "page") expect(Number(last!.headers.get("x-ratelimit-limit")), door).toBe(limit);

    const refused = await from(client, ...doors[door]());
    expect(refused.status, door).toBe(429);
    expect(Number(refused.headers.get("retry-after")), door).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("x-ratelimit-remaining"), door).toBe("0");
    if (door === "page") expect(await refused.text()).toContain("Too many requests");
    else expect(await refused.json()).toMatchObject({ error: { code: "rate_limited" } });
  }
});

test("one /64 is one client, and only the entry two hops from the right identifies it", async () => {
  const locked = await upload({ email_gate: "false" }, { password: "open-sesame" });
  await waitForFreshMinute();
  const wrong = () => json({ password: "wrong" });
  for (let i = 0; i < VIEWER_LIMITS.password.perAddress; i++) {
    const response = await from(`2001:db8:77:1:${i.toString(16)}::1`, `/s/${locked}/password`, wrong());
    expect(response.status).toBe(401);
  }
  expect((await from("2001:db8:77:1:ffff:ffff:ffff:ffff", `/s/${locked}/password`, wrong())).status).toBe(429);
  expect((await from("2001:db8:77:2::1", `/s/${locked}/password`, wrong())).status).toBe(401);
});

test("wrong passwords from 10 addresses lock no one out: a right password from an 11th address opens the document", async () => {
  const locked = await upload({ email_gate: "false" }, { password: "open-sesame" });
  await waitForFreshMinute();
  const guessers = Array.from({ length: 10 }, () => uniqueAddress());
  const { perAddress, perAddressUnderAttack, underAttack } = PASSWORD_FAILURES;
  for (const [index, guesser] of guessers.entries()) {
    const answers = await Promise.all(
      Array.from({ length: VIEWER_LIMITS.password.perAddress }, () => from(guesser, `/s/${locked}/password`, json({ password: "wrong" }))),
    );
    // All at once, and still no more checked than the address may have: fewer once the code is under attack.
    const checked = index < underAttack / perAddress ? perAddress : perAddressUnderAttack;
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(checked).fill(401), ...Array(VIEWER_LIMITS.password.perAddress - checked).fill(429)]);
  }
  // Each guesser is shut out; the reader with the password is not.
  expect((await from(guessers[0]!, `/s/${locked}/password`, json({ password: "wrong" }))).status).toBe(429);
  const reader = await from(uniqueAddress(), `/s/${locked}/password`, json({ password: "open-sesame" }));
  expect(reader.status).toBe(200);
});

test("a gate flooded from 15 addresses still lets a 16th reader pass it and read: file, beacons and download", async () => {
  const gated = await upload({ email_gate: "true", gate_page: "2", allow_download: "true" });
  await waitForFreshMinute();
  const flooders = Array.from({ length: 15 }, () => uniqueAddress());
  await Promise.all(
    flooders.map(async (flooder) => {
      for (let i = 0; i < VIEWER_LIMITS.gate.perAddress + 5; i++) {
        const answer = await from(flooder, `/s/${gated}/gate`, json({ email: `flood-${randomBytes(4).toString("hex")}@acme.com` }));
        await answer.arrayBuffer();
      }
    }),
  );
  const reader = uniqueAddress();
  const passed = await from(reader, `/s/${gated}/gate`, json({ email: "real.reader@acme.com" }));
  expect(passed.status).toBe(200);
  const cookie = passed.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  const withGrant = (init: RequestInit = {}): RequestInit => ({
    ...init,
    headers: { ...(init.headers as Record<string, string>), Cookie: cookie },
  });
  expect((await from(reader, `/s/${gated}/file?v=full`, withGrant({ headers: { Range: "bytes=0-99" } }))).status).toBe(206);
  const beacon = json({ batch_id: `b_${randomBytes(8).toString("hex")}`, pages: [{ page: 2, seconds: 3 }] });
  expect(await (await from(reader, `/s/${gated}/track`, withGrant(beacon))).json()).toMatchObject({ applied: true });
  expect((await from(reader, `/s/${gated}/download`, withGrant())).status).toBe(200);
  const [lead] = await query<{ count: number }>(
    databaseUrl,
    `SELECT count(*)::int AS count FROM leads WHERE email = 'real.reader@acme.com'`,
  );
  expect(lead!.count).toBe(1);
});

test(`a script without cookies adds at most ${NEW_VIEWERS_PER_ADDRESS_PER_HOUR} readers an hour from one address; past it, nothing is recorded`, async () => {
  const code = await upload({ email_gate: "false" });
  const client = uniqueAddress();
  const beacon = () => json({ batch_id: `b_${randomBytes(8).toString("hex")}`, pages: [{ page: 1, seconds: 2 }] });
  for (let i = 0; i < NEW_VIEWERS_PER_ADDRESS_PER_HOUR; i++) {
    expect(await (await from(client, `/s/${code}/track`, beacon())).json()).toMatchObject({ applied: true });
  }
  // Beacons are answered once appended; the roll-up drops the one past the cap.
  const past = await from(client, `/s/${code}/track`, beacon());
  expect(past.status).toBe(200);
  // The reader past the cap still reads.
  expect((await from(client, `/s/${code}/file?v=full`)).status).toBe(200);

  const counts = async () =>
    (
      await query<{ viewers: number; viewed: number; waiting: number }>(
        databaseUrl,
        `SELECT (SELECT count(*)::int FROM viewers v JOIN documents d ON d.id = v.document_id WHERE d.code = $1) AS viewers,
                (SELECT count(*)::int FROM events e JOIN documents d ON d.id = e.document_id WHERE d.code = $1 AND e.type = 'document.viewed') AS viewed,
                (SELECT count(*)::int FROM beacons b JOIN documents d ON d.id = b.document_id WHERE d.code = $1) AS waiting`,
        [code],
      )
    )[0];
  await expect.poll(counts).toEqual({ viewers: NEW_VIEWERS_PER_ADDRESS_PER_HOUR, viewed: NEW_VIEWERS_PER_ADDRESS_PER_HOUR, waiting: 0 });
  // Another address is another reader.
  expect(await (await from(uniqueAddress(), `/s/${code}/track`, beacon())).json()).toMatchObject({ applied: true });
});

test("gate and beacon posts from another site are refused and record nothing", async () => {
  const code = await upload({ email_gate: "true", gate_page: "2" });
  for (const [door, body] of [
    ["gate", { email: "victim@acme.com" }],
    ["track", { batch_id: "b_crosssite01", pages: [{ page: 1, seconds: 1 }] }],
  ] as const) {
    const refused = await from(uniqueAddress(), `/s/${code}/${door}`, {
      ...json(body),
      headers: { "Content-Type": "text/plain", Origin: "https://evil.example" },
    });
    expect(refused.status, door).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: "forbidden" } });
  }
  const [counts] = await query<{ rows: number }>(
    databaseUrl,
    `SELECT (SELECT count(*) FROM leads l JOIN documents d ON d.id = l.document_id WHERE d.code = $1)::int
          + (SELECT count(*) FROM viewers v JOIN documents d ON d.id = v.document_id WHERE d.code = $1)::int AS rows`,
    [code],
  );
  expect(counts!.rows).toBe(0);
  const ours = await from(uniqueAddress(), `/s/${code}/gate`, {
    ...json({ email: "reader@acme.com" }),
    headers: { "Content-Type": "application/json", Origin: BASES[0]! },
  });
  expect(ours.status).toBe(200);
});

test("a watermarked copy is made once per text, on either process, and an address's new copies are limited with 429 and Retry-After", async () => {
  const code = await upload({ email_gate: "false" }, { watermark: "Copy 0 · {ip}" });
  const setWatermark = async (watermark: string) => {
    const patched = await fetch(`${BASES[0]}/api/v1/documents/s-${code}`, {
      method: "PATCH",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ watermark }),
    });
    expect(patched.status).toBe(200);
  };
  const cached = () => readdirSync(path.join(dataDir, "watermark-cache"), { withFileTypes: true }).filter((entry) => entry.isFile());
  const client = uniqueAddress();
  await waitForFreshWindow(WATERMARK_JOB_LIMITS.windowSeconds);
  mkdirSync(path.join(dataDir, "watermark-cache"), { recursive: true });
  const before = cached().length;

  // Requests alternate between the processes: the second is served from the copy the first made.
  const copies: Buffer[] = [];
  for (let i = 0; i < 2; i++) {
    const response = await from(client, `/s/${code}/download`);
    expect(response.status).toBe(200);
    copies.push(Buffer.from(await response.arrayBuffer()));
    // `npm start` restores Content-Length from the app's own header; a bare `next start` passes that on.
    const length = response.headers.get("content-length") ?? response.headers.get(CONTENT_LENGTH_HEADER);
    expect(Number(length)).toBe(copies[i]!.length);
  }
  expect(copies[1]!.equals(copies[0]!)).toBe(true);
  expect(cached().length - before).toBe(1);

  for (let i = 1; i < WATERMARK_JOB_LIMITS.perAddress; i++) {
    await setWatermark(`Copy ${i} · {ip}`);
    const response = await from(client, `/s/${code}/download`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  }
  await setWatermark(`Copy ${WATERMARK_JOB_LIMITS.perAddress} · {ip}`);
  const refused = await from(client, `/s/${code}/download`);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(WATERMARK_JOB_LIMITS.windowSeconds);
  expect(await refused.json()).toMatchObject({ error: { code: "rate_limited" } });
  expect(cached().length - before).toBe(WATERMARK_JOB_LIMITS.perAddress);

  // A copy already made costs no worker: it is still served to the same address.
  await setWatermark("Copy 0 · {ip}");
  const again = await from(client, `/s/${code}/download`);
  expect(again.status).toBe(200);
  expect(Buffer.from(await again.arrayBuffer()).equals(copies[0]!)).toBe(true);
});
