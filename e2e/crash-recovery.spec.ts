import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { samplePdf } from "../scripts/lib/sample-pdf";
import { startReceiver } from "../test/support/webhook-receiver";
import { freshDatabase, query as queryDatabase } from "../test/support/playwright/own-database";
import { type AppProcess, ROOT, runScript, startApp, waitForHealth } from "../test/support/app-process";
import { E2E_PG_PORT, E2E_PORT } from "../playwright.config";

/**
 * kill -9 at the worst moments. The server is stopped at a named point (PAUSE_AT) and killed
 * there; after a restart nothing is orphaned and nothing is lost.
 */
test.describe.configure({ timeout: 240_000 });

// Beside the suite's own server, so two checkouts running this spec at once do not meet.
const PORT = E2E_PORT + 76;
const BASE = `http://localhost:${PORT}`;
const DATABASE_URL = `postgresql://pagewise:pagewise@127.0.0.1:${E2E_PG_PORT}/pagewise_crash`;
const dataDir = path.join(ROOT, ".data/e2e-crash");
const env = {
  PORT: String(PORT),
  APP_URL: BASE,
  DATA_DIR: dataDir,
  DATABASE_URL,
  ALLOW_PRIVATE_WEBHOOK_URLS: "true",
  ALLOW_HTTP_WEBHOOKS: "true",
};

const query = <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => queryDatabase<T>(DATABASE_URL, sql, params);

const filesUnder = (folder: string) => {
  try {
    return readdirSync(path.join(dataDir, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
};

async function pausedAt(app: AppProcess, point: string) {
  await expect.poll(() => app.output().includes(`"msg":"paused at ${point}"`), { timeout: 30_000 }).toBe(true);
}

async function killed(app: AppProcess) {
  app.child.kill("SIGKILL");
  await app.exited;
}

let auth: Record<string, string>;

test.beforeAll(async () => {
  await freshDatabase("pagewise_crash");
  rmSync(dataDir, { recursive: true, force: true });
  const app = startApp(env);
  try {
    await waitForHealth(BASE);
    expect((await runScript("scripts/user-create.ts", ["--email", "crash@example.com", "--password", "long enough"], env)).code).toBe(0);
    const key = (await runScript("scripts/apikey-create.ts", ["--email", "crash@example.com"], env)).stdout.trim().split("\n").at(-1)!;
    auth = { Authorization: `Bearer ${key}` };
  } finally {
    app.child.kill("SIGTERM");
    await app.exited;
  }
});

test.afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const upload = async () => {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(await samplePdf(4))], { type: "application/pdf" }), "crash.pdf");
  return fetch(`${BASE}/api/v1/documents`, { method: "POST", headers: auth, body: form }).catch(() => null);
};

for (const [point, leftover] of [
  ["upload:received", /^tmp\/uploads\/\d+-.*\.upload$/],
  ["storage:partial", /^storage\/documents\/[0-9a-f-]+\/.*\.partial$/],
  ["upload:stored", /^storage\/documents\/[0-9a-f-]+\/original\.pdf$/],
] as const) {
  test(`an upload killed at ${point} leaves no temp file, no stored object and no row after a restart`, async () => {
    let app = startApp({ ...env, PAUSE_AT: point });
    try {
      await waitForHealth(BASE);
      const pending = upload();
      await pausedAt(app, point);
      expect(
        [...filesUnder("tmp"), ...filesUnder("storage")].some((file) => leftover.test(file)),
        "what the crash leaves",
      ).toBe(true);
      await killed(app);
      await pending;

      app = startApp({ ...env, ORPHAN_GRACE_MINUTES: "0" });
      await waitForHealth(BASE);
      // The sweep at start is tried again every 10 s while the database is too busy to answer it.
      await expect.poll(() => [...filesUnder("tmp"), ...filesUnder("storage")], { timeout: 45_000 }).toEqual([]);
      expect(await query("SELECT id FROM documents")).toEqual([]);
    } finally {
      app.child.kill("SIGTERM");
      await app.exited;
    }
  });
}

test("a delivery attempt killed mid-send is recorded as interrupted and retried on the schedule", async () => {
  const receiver = await startReceiver(() => ({ status: 200 }));
  let app = startApp({ ...env, PAUSE_AT: "webhook:sending" });
  try {
    await waitForHealth(BASE);
    const created = await fetch(`${BASE}/api/v1/webhooks`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ url: receiver.url, events: ["document.uploaded"] }),
    });
    expect([200, 201]).toContain(created.status);
    expect((await upload())?.status).toBe(201);
    await pausedAt(app, "webhook:sending");
    await killed(app);

    const [attempt] = await query<{ number: number; error: string; finished_at: Date | null; signed_at: Date }>(
      "SELECT number, error, finished_at, signed_at FROM webhook_attempts",
    );
    expect(attempt).toMatchObject({ number: 1, error: "attempt interrupted", finished_at: null });
    const [delivery] = await query<{ attempts: number; next_attempt_at: Date }>("SELECT attempts, next_attempt_at FROM webhook_deliveries");
    expect(delivery!.attempts).toBe(1);
    // The next attempt follows the schedule (+1 minute), not the 2-minute lease.
    expect(delivery!.next_attempt_at.getTime() - attempt!.signed_at.getTime()).toBe(60_000);

    app = startApp(env);
    await waitForHealth(BASE);
    // The minute until the second attempt passes.
    await query("UPDATE webhook_deliveries SET next_attempt_at = now() - interval '1 second'");
    await expect
      .poll(async () => (await query<{ status: string }>("SELECT status FROM webhook_deliveries"))[0]?.status, { timeout: 15_000 })
      .toBe("succeeded");
    const attempts = await query<{ number: number; error: string | null; finished: boolean }>(
      "SELECT number, error, finished_at IS NOT NULL AS finished FROM webhook_attempts ORDER BY number",
    );
    expect(attempts).toEqual([
      { number: 1, error: "attempt interrupted", finished: true },
      { number: 2, error: null, finished: true },
    ]);
    expect(receiver.received).toHaveLength(1);
  } finally {
    app.child.kill("SIGTERM");
    await app.exited;
    await receiver.close();
  }
});

for (const point of ["version:received", "version:stored", "version:previews"] as const) {
  test(`a new version killed at ${point} leaves the old version current and nothing orphaned after a restart`, async () => {
    let app = startApp({ ...env, PAUSE_AT: point });
    try {
      await waitForHealth(BASE);
      const created = await upload();
      expect(created?.status).toBe(201);
      const doc = (await created!.json()) as { short_code: string; id: string };
      // The first version's page images are drawn in the background: wait for them, so the snapshot is final.
      await expect
        .poll(
          async () =>
            (await query<{ done: boolean }>("SELECT page_images = page_count AS done FROM documents WHERE id = $1", [doc.id]))[0]?.done,
          { timeout: 30_000 },
        )
        .toBe(true);
      const before = filesUnder("storage").sort();

      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(await samplePdf(6, "Second"))], { type: "application/pdf" }), "second.pdf");
      const pending = fetch(`${BASE}/api/v1/documents/${doc.short_code}/versions`, { method: "POST", headers: auth, body: form }).catch(
        () => null,
      );
      await pausedAt(app, point);
      await killed(app);
      await pending;

      app = startApp({ ...env, ORPHAN_GRACE_MINUTES: "0" });
      await waitForHealth(BASE);
      await expect.poll(() => [...filesUnder("tmp"), ...filesUnder("storage").sort()], { timeout: 20_000 }).toEqual(before);
      const [row] = await query<{ version: number; page_count: number; versions: number }>(
        "SELECT version, page_count, (SELECT count(*)::int FROM document_versions WHERE document_id = $1) AS versions FROM documents WHERE id = $1",
        [doc.id],
      );
      expect(row).toEqual({ version: 1, page_count: 4, versions: 1 });
      const served = await fetch(`${BASE}/api/v1/documents/${doc.short_code}`, { headers: auth });
      expect(((await served.json()) as { version: number; page_count: number }).version).toBe(1);
    } finally {
      app.child.kill("SIGTERM");
      await app.exited;
    }
  });
}

/** A document at version 2 of two, its email gate off so the share link serves the file itself; its page images drawn. */
async function twoVersions(app: AppProcess) {
  const created = await upload();
  expect(created?.status).toBe(201);
  const doc = (await created!.json()) as { short_code: string; id: string };
  const versions = `${BASE}/api/v1/documents/${doc.short_code}/versions`;
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(await samplePdf(6, "Second"))], { type: "application/pdf" }), "second.pdf");
  expect((await fetch(versions, { method: "POST", headers: auth, body: form })).status).toBe(201);
  const settings = await fetch(`${BASE}/api/v1/documents/${doc.short_code}`, {
    method: "PATCH",
    headers: { ...auth, "Content-Type": "application/json" },
    body: JSON.stringify({ email_gate: false }),
  });
  expect(settings.status).toBe(200);
  await expect
    .poll(
      async () =>
        (await query<{ done: boolean }>("SELECT page_images = page_count AS done FROM documents WHERE id = $1", [doc.id]))[0]?.done,
      { timeout: 30_000 },
    )
    .toBe(true);
  expect(app.output()).not.toContain(`"scope":"fault"`);
  return { ...doc, versions };
}

/** What a crash must not change: the current version, the kept ones, and whether the share link and each version's file answer. */
async function served(doc: { id: string; short_code: string; versions: string }) {
  const [row] = await query<{ version: number; kept: number[] }>(
    "SELECT version, (SELECT array_agg(number ORDER BY number DESC) FROM document_versions WHERE document_id = $1) AS kept FROM documents WHERE id = $1",
    [doc.id],
  );
  const status = async (url: string, headers: Record<string, string> = {}) => (await fetch(url, { headers })).status;
  return {
    ...row,
    link: await status(`${BASE}/s/${doc.short_code.slice(2)}/file?v=full`),
    files: await Promise.all(row!.kept.map((n) => status(`${doc.versions}/${n}/file`, auth))),
  };
}

for (const [change, versionsKept] of [
  ["an upload", 2],
  ["a restore", 1],
] as const) {
  test(`${change} killed after pruning, before its commit, loses no version: after a restart the link and every kept file answer`, async () => {
    let app = startApp(env);
    let doc: Awaited<ReturnType<typeof twoVersions>>;
    try {
      await waitForHealth(BASE);
      doc = await twoVersions(app);
    } finally {
      app.child.kill("SIGTERM");
      await app.exited;
    }
    await query("UPDATE teams SET versions_kept = $1 WHERE id = (SELECT team_id FROM documents WHERE id = $2)", [versionsKept, doc.id]);
    const before = filesUnder("storage").sort();

    app = startApp({ ...env, PAUSE_AT: "version:pruned" });
    try {
      await waitForHealth(BASE);
      expect(await served(doc)).toEqual({ version: 2, kept: [2, 1], link: 200, files: [200, 200] });
      let pending: Promise<Response | null>;
      if (change === "a restore") {
        pending = fetch(`${doc.versions}/1/restore`, { method: "POST", headers: auth }).catch(() => null);
      } else {
        const form = new FormData();
        form.append("file", new Blob([new Uint8Array(await samplePdf(3, "Third"))], { type: "application/pdf" }), "third.pdf");
        pending = fetch(doc.versions, { method: "POST", headers: auth, body: form }).catch(() => null);
      }
      await pausedAt(app, "version:pruned");
      await killed(app);
      expect(await pending).toBeNull();

      app = startApp({ ...env, ORPHAN_GRACE_MINUTES: "0" });
      await waitForHealth(BASE);
      // The orphan sweep removes what the killed change stored (a new version's file, images drawn for the restore), nothing else.
      await expect.poll(() => [...filesUnder("tmp"), ...filesUnder("storage").sort()], { timeout: 20_000 }).toEqual(before);
      expect(await served(doc)).toEqual({ version: 2, kept: [2, 1], link: 200, files: [200, 200] });
    } finally {
      app.child.kill("SIGTERM");
      await app.exited;
    }
  });
}

test("beacons acknowledged before a kill -9 at the roll-up or after the append are applied once after a restart, their events fired once", async () => {
  let app = startApp({ ...env, PAUSE_AT: "beacons:rolled-up" });
  try {
    await waitForHealth(BASE);
    const created = await upload();
    expect(created?.status).toBe(201);
    const doc = (await created!.json()) as { short_code: string; id: string };
    const settings = await fetch(`${BASE}/api/v1/documents/${doc.short_code}`, {
      method: "PATCH",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ email_gate: false }),
    });
    expect(settings.status).toBe(200);
    const readers = ["crash-reader-one-xxxxx", "crash-reader-two-xxxxx", "crash-reader-three-xx"];
    const beacon = (reader: string, batchId: string, page: number) =>
      fetch(`${BASE}/s/${doc.short_code.slice(2)}/track`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Cookie: `pw_bid=${reader}`,
          // A browser's: Node's own user agent is taken for a bot, whose beacons are not recorded.
          "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
        },
        body: JSON.stringify({ batch_id: batchId, pages: [{ page, seconds: 2 }] }),
      }).catch(() => null);
    const visits = async () => (await query<{ n: number }>("SELECT count(*)::int AS n FROM visits WHERE document_id = $1", [doc.id]))[0]!.n;
    const waiting = async () =>
      (await query<{ n: number }>("SELECT count(*)::int AS n FROM beacons WHERE document_id = $1", [doc.id]))[0]!.n;

    // Acknowledged, then killed inside the roll-up's transaction: nothing is applied, nothing is lost.
    for (const [i, reader] of readers.entries()) expect((await beacon(reader, `crash-batch-${i}`, 1))?.status).toBe(200);
    await pausedAt(app, "beacons:rolled-up");
    await killed(app);
    await expect.poll(waiting).toBe(3);
    expect(await visits()).toBe(0);

    // Killed after a fourth beacon is durable but before its answer: the reader sends it again.
    app = startApp({ ...env, PAUSE_AT: "beacons:appended" });
    await waitForHealth(BASE);
    // This process's roll-up applies the three beacons the killed one left.
    await expect.poll(visits).toBe(3);
    const unanswered = beacon(readers[0]!, "crash-batch-resent", 2);
    await pausedAt(app, "beacons:appended");
    await killed(app);
    expect(await unanswered).toBeNull();

    app = startApp(env);
    await waitForHealth(BASE);
    await expect.poll(waiting).toBe(0);
    expect((await beacon(readers[0]!, "crash-batch-resent", 2))?.status).toBe(200);
    for (const [i, reader] of readers.entries()) expect((await beacon(reader, `crash-batch-${i}`, 1))?.status).toBe(200);
    await expect.poll(waiting).toBe(0);

    const pages = await query<{ page: number; seconds: number }>(
      "SELECT page, sum(seconds)::float8 AS seconds FROM page_times WHERE document_id = $1 GROUP BY page ORDER BY page",
      [doc.id],
    );
    expect(pages).toEqual([
      { page: 1, seconds: 6 },
      { page: 2, seconds: 2 },
    ]);
    expect(await visits()).toBe(3);
    const events = await query<{ type: string; n: number }>(
      "SELECT type, count(*)::int AS n FROM events WHERE document_id = $1 AND type = 'document.viewed' GROUP BY type",
      [doc.id],
    );
    expect(events).toEqual([{ type: "document.viewed", n: 3 }]);
    const [figures] = await query<{ views: number; unique_viewers: number; total_time_seconds: number }>(
      "SELECT views, unique_viewers, total_time_seconds FROM documents WHERE id = $1",
      [doc.id],
    );
    expect(figures).toEqual({ views: 3, unique_viewers: 3, total_time_seconds: 8 });
  } finally {
    app.child.kill("SIGTERM");
    await app.exited;
  }
});
