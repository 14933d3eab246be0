/**
 * `npm run bench:ingest`: reading beacons under load, next to the framework's floor. On a fresh
 * database it starts the app and a bare Next.js route handler that parses the same JSON and
 * answers (scripts/bench/bare-route, same Next version), then drives each for 10 s with 32
 * keep-alive connections: the bare route; `/s/<code>/track` from 500 browsers over 40 documents
 * (each browser's first batch starts a visit, later ones continue it, 1–3 pages a batch); one hot
 * document read by 1,000 browsers; then the 40 documents again through two app processes on the one
 * database. Beacons are acknowledged once appended and rolled up in the background: during each run
 * every 10th acknowledged beacon is watched until the roll-up has applied it (its batch id is in
 * track_batches, in the transaction that writes its page rows, aggregates and events), and the
 * time from its answer to then is its freshness. After each run, once the roll-up has caught up,
 * every aggregate must equal a recomputation from the raw rows, and every event must have fired
 * exactly once.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { recomputeAggregates } from "../../lib/analytics/recompute-aggregates";
import type { Document } from "../../lib/generated/prisma/client";
import { BROWSER_COOKIE } from "../../lib/viewer/grants/access";
import { createUser } from "../../lib/users/create-user";
import { ROOT, startApp, startNextStart, waitForHealth } from "../../test/support/app-process";
import { createSampleDocument } from "../lib/demo-data";
import { freshBenchDatabase } from "./fresh-database";
import { type LoadRequest, type LoadResult, runLoad } from "./load";
import { percentile } from "./measure";

const APP_PORT = 3193;
const BARE_PORT = 3194;
const SECOND_APP_PORT = 3195;
const APP = `http://localhost:${APP_PORT}`;
const SECOND_APP = `http://localhost:${SECOND_APP_PORT}`;
const BARE = `http://localhost:${BARE_PORT}`;
const PAGES = 10;
const SECONDS = 10;
const CONNECTIONS = 32;

const database = await freshBenchDatabase("bench-ingest", 54393);
const { db } = await import("../../lib/db/client");

const bareDir = path.join(ROOT, "scripts/bench/bare-route");
if (!existsSync(path.join(bareDir, ".next/BUILD_ID"))) {
  const build = spawnSync(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build", bareDir], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const owner = await createUser({ email: "bench-ingest@example.com", password: "bench-password" });
const template = await createSampleDocument(owner, "Ingest template", PAGES, { email_gate: false });
// More documents like the template, sharing its stored file (a real upload per document adds nothing here).
// Their page images count as drawn, so the apps' background renderer does not spend the runs' CPU drawing them.
async function documents(count: number, label: string): Promise<Document[]> {
  await db.$executeRaw`
    INSERT INTO documents (id, team_id, code, title, original_filename, page_count, size_bytes, storage_key, email_gate, page_images, created_at, updated_at)
    SELECT gen_random_uuid(), ${owner.personalTeamId}::uuid, substr(md5(random()::text || g::text), 1, 10), ${label} || ' ' || g, 'bench.pdf',
           ${PAGES}, ${template.sizeBytes}, ${template.storageKey}, false, ${PAGES}, now(), now()
    FROM generate_series(1, ${count}) g`;
  return db.document.findMany({ where: { teamId: owner.personalTeamId, title: { startsWith: `${label} ` } } });
}

type Browser = { id: string; address: string; code: string; visitId?: string; busy: boolean };
let browserCount = 0;
let batchCount = 0;
function browsers(count: number, docs: Document[]): Browser[] {
  return Array.from({ length: count }, (_, i) => {
    const n = ++browserCount;
    return {
      id: `bench-browser-${n}`.padEnd(20, "x"),
      address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      code: docs[i % docs.length]!.code,
      busy: false,
    };
  });
}

/** Each browser has one batch in flight at most; its first batch starts a visit, the next ones continue it. */
function beacons(pool: Browser[]): () => LoadRequest | null {
  let cursor = 0;
  return () => {
    for (let tries = 0; tries < pool.length; tries++) {
      const browser = pool[cursor++ % pool.length]!;
      if (browser.busy) continue;
      browser.busy = true;
      const batchId = `bench${process.pid}x${++batchCount}`;
      const first = 1 + Math.floor(Math.random() * PAGES);
      const count = 1 + Math.floor(Math.random() * 3);
      const pages = Array.from({ length: count }, (_, i) => ({
        page: ((first + i - 1) % PAGES) + 1,
        seconds: Math.round((1 + Math.random() * 7) * 100) / 100,
      }));
      return {
        path: `/s/${browser.code}/track`,
        headers: { cookie: `${BROWSER_COOKIE}=${browser.id}`, "x-forwarded-for": browser.address },
        body: JSON.stringify({
          batch_id: batchId,
          ...(browser.visitId ? { visit_id: browser.visitId } : {}),
          pages,
        }),
        done: (status, text) => {
          if (status === 200) {
            browser.visitId = (JSON.parse(text) as { visit_id: string | null }).visit_id ?? undefined;
            if (batchCount % 10 === 0) watched.set(batchId, performance.now());
          }
          browser.busy = false;
        },
      };
    }
    return null;
  };
}

/** Acknowledged beacons being watched (batch id → when answered), and how long each took to be rolled up. */
const watched = new Map<string, number>();
let freshness: number[] = [];
/** Polls every 50 ms for watched beacons the roll-up has applied. */
function watchFreshness(): () => Promise<void> {
  let stop = false;
  const polling = (async () => {
    while (!stop || watched.size > 0) {
      const ids = [...watched.keys()];
      if (ids.length > 0) {
        const rows = await db.$queryRaw<Array<{ id: string }>>`SELECT id FROM track_batches WHERE id = ANY(${ids}::text[])`;
        const at = performance.now();
        for (const { id } of rows) {
          freshness.push(at - watched.get(id)!);
          watched.delete(id);
        }
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return async () => {
    stop = true;
    await polling;
  };
}

/** Waits until the roll-up has applied every appended beacon. */
async function caughtUp() {
  for (;;) {
    const [{ waiting }] = (await db.$queryRaw<Array<{ waiting: number }>>`SELECT count(*)::int AS waiting FROM beacons`) as [
      { waiting: number },
    ];
    if (waiting === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** User + system CPU seconds of a process (Linux counts them in 1/100 s); 0 once it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
/** The bench database's PostgreSQL processes: its postmaster (found by its data directory) and its children. */
function postgresPids(): number[] {
  const stats = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const ppid = Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[1]);
        return [{ pid: Number(pid), ppid, cmdline: readFileSync(`/proc/${pid}/cmdline`, "utf8") }];
      } catch {
        return [];
      }
    });
  const postmaster = stats.find((p) => p.cmdline.includes(database.dataDir) && p.cmdline.includes("postgres"));
  return postmaster ? [postmaster.pid, ...stats.filter((p) => p.ppid === postmaster.pid).map((p) => p.pid)] : [];
}
/** CPU seconds so far of the app processes and of PostgreSQL. */
const cpuNow = () => ({
  app: [app, secondApp].reduce((sum, p) => sum + cpuSeconds(p.child.pid!), 0),
  postgres: postgresPids().reduce((sum, pid) => sum + cpuSeconds(pid), 0),
});
const cpuPerBeacon: string[] = [];

/** One load run with its beacons' freshness watched. */
async function trackRun(name: string, base: string | string[], pool: Browser[]): Promise<[LoadResult, number[]]> {
  freshness = [];
  const before = cpuNow();
  const stopWatching = watchFreshness();
  const result = await runLoad(name, base, beacons(pool), { connections: CONNECTIONS, seconds: SECONDS });
  await stopWatching();
  await caughtUp();
  const after = cpuNow();
  const ms = (seconds: number) => ((seconds * 1000) / result.requests).toFixed(2);
  cpuPerBeacon.push(
    `${name}: app ${ms(after.app - before.app)} ms, PostgreSQL ${ms(after.postgres - before.postgres)} ms of CPU per beacon (roll-up included)`,
  );
  return [result, freshness.sort((a, b) => a - b)];
}

const bareRequest = (): LoadRequest => ({
  path: "/track",
  headers: {},
  body: JSON.stringify({
    batch_id: `bare${Math.random().toString(36).slice(2, 12)}`,
    visit_id: "7d1c8f0e-2b7a-4a5e-9c1d-3f2e1a0b9c8d",
    pages: [
      { page: 1, seconds: 3.5 },
      { page: 2, seconds: 1.25 },
    ],
  }),
});

/** Aggregates as maintained, then as recomputed from the raw rows; events against what the viewers reached. */
async function verify(docs: Document[]): Promise<string[]> {
  const ids = docs.map((d) => d.id);
  const snapshot = () =>
    db.$queryRaw<Array<{ key: string; value: string }>>`
      SELECT 'document ' || id AS key, concat_ws(' ', views, unique_viewers, round(total_time_seconds::numeric, 3), round(completion_sum::numeric, 6), engagement_rank) AS value
      FROM documents WHERE id = ANY(${ids}::uuid[])
      UNION ALL
      SELECT 'viewer ' || id, concat_ws(' ', visits, pages_viewed, round(total_time_seconds::numeric, 3), round(completion::numeric, 6), engagement_rank, first_viewed_at, last_viewed_at)
      FROM viewers WHERE document_id = ANY(${ids}::uuid[])
      UNION ALL
      SELECT 'visit ' || id, concat_ws(' ', round(total_time_seconds::numeric, 3), pages_viewed) FROM visits WHERE document_id = ANY(${ids}::uuid[])
      UNION ALL
      SELECT 'viewer day ' || viewer_id || ' ' || day || ' v' || version, concat_ws(' ', visits, round(seconds::numeric, 3), pages) FROM viewer_days WHERE document_id = ANY(${ids}::uuid[])`;
  const maintained = new Map((await snapshot()).map((r) => [r.key, r.value]));
  await recomputeAggregates(ids);
  const problems: string[] = [];
  for (const { key, value } of await snapshot()) {
    if (maintained.get(key) !== value) problems.push(`${key}: maintained ${maintained.get(key)}, recomputed ${value}`);
  }
  const events = await db.$queryRaw<Array<{ document_id: string; type: string; expected: number; fired: number }>>`
    WITH expected AS (
      SELECT document_id, 'document.viewed' AS type, count(*) FILTER (WHERE visits > 0)::int AS n FROM viewers WHERE document_id = ANY(${ids}::uuid[]) GROUP BY document_id
      UNION ALL
      SELECT document_id, 'document.completed', count(*) FILTER (WHERE completion >= 1)::int FROM viewers WHERE document_id = ANY(${ids}::uuid[]) GROUP BY document_id
      UNION ALL
      SELECT document_id, 'engagement.milestone', count(*) FILTER (WHERE engagement_rank = 4)::int FROM viewers WHERE document_id = ANY(${ids}::uuid[]) GROUP BY document_id
    ),
    fired AS (SELECT document_id, type, count(*)::int AS n FROM events WHERE document_id = ANY(${ids}::uuid[]) GROUP BY document_id, type)
    SELECT coalesce(e.document_id, f.document_id)::text AS document_id, coalesce(e.type, f.type) AS type, coalesce(e.n, 0) AS expected, coalesce(f.n, 0) AS fired
    FROM expected e FULL JOIN fired f ON f.document_id = e.document_id AND f.type = e.type
    WHERE coalesce(e.n, 0) <> coalesce(f.n, 0)`;
  for (const e of events) problems.push(`document ${e.document_id}: ${e.type} fired ${e.fired} times, expected ${e.expected}`);
  return problems;
}

const line = (r: LoadResult, note = "") =>
  console.log(
    `${r.name.padEnd(44)} ${r.perSecond.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  ` +
      `(${r.requests} requests${r.failures.size ? `; non-2xx ${[...r.failures].map(([s, n]) => `${s}×${n}`).join(", ")}` : ""})${note}`,
  );

const spread = await documents(40, "Spread");
const spreadTwice = await documents(40, "Two processes");
const hot = await documents(1, "Hot");
const warm = await documents(4, "Warmup");
const appEnv = { APP_URL: APP, DATA_DIR: database.dataDir, DATABASE_URL: database.url, TRUST_PROXY: "1" };
const app = startApp({ ...appEnv, PORT: String(APP_PORT) });
const secondApp = startApp({ ...appEnv, PORT: String(SECOND_APP_PORT) });
const bare = startNextStart({ PORT: String(BARE_PORT) }, bareDir);
let failed = false;
try {
  await Promise.all([
    waitForHealth(APP, 300_000),
    waitForHealth(SECOND_APP, 300_000),
    (async () => {
      for (let i = 0; i < 600; i++) {
        if (
          await fetch(`${BARE}/track`, { method: "POST", body: "{}" }).then(
            (r) => r.ok,
            () => false,
          )
        )
          return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error("the bare route did not start");
    })(),
  ]);
  console.log(`${CONNECTIONS} connections, ${SECONDS} s a run\n`);
  await runLoad("warmup", BARE, bareRequest, { connections: CONNECTIONS, seconds: 3 });
  const floor = await runLoad("bare Next.js route (parse JSON, answer)", BARE, bareRequest, { connections: CONNECTIONS, seconds: SECONDS });
  line(floor);
  await runLoad("warmup", APP, beacons(browsers(200, warm)), { connections: CONNECTIONS, seconds: 3 });
  await caughtUp();
  const [spreadRun, spreadFresh] = await trackRun("track: 500 browsers over 40 documents", APP, browsers(500, spread));
  const [hotRun, hotFresh] = await trackRun("track: one hot document, 1,000 browsers", APP, browsers(1000, hot));
  const [twoRun, twoFresh] = await trackRun("track: 40 documents, two app processes", [APP, SECOND_APP], browsers(500, spreadTwice));
  const results = [spreadRun, hotRun, twoRun];
  const fresh = (f: number[]) =>
    `  freshness p50 ${(percentile(f, 50) / 1000).toFixed(2)} s, p95 ${(percentile(f, 95) / 1000).toFixed(2)} s (${f.length} watched)`;
  line(spreadRun, `  ${((spreadRun.perSecond / floor.perSecond) * 100).toFixed(0)} % of the bare route (target ≥ 60 %)`);
  line(hotRun, `  ${((hotRun.perSecond / spreadRun.perSecond) * 100).toFixed(0)} % of 40 documents (target ≥ 80 %)`);
  line(twoRun, `  ${((twoRun.perSecond / spreadRun.perSecond) * 100).toFixed(0)} % of one process`);
  console.log(
    `p95 target ≤ 100 ms: 40 documents ${spreadRun.p95 <= 100 ? "met" : "NOT met"}, hot document ${hotRun.p95 <= 100 ? "met" : "NOT met"}`,
  );
  console.log(`\n40 documents:${fresh(spreadFresh)}\nhot document:${fresh(hotFresh)}\ntwo processes:${fresh(twoFresh)}`);
  console.log(`\n${cpuPerBeacon.join("\n")}`);
  const allFresh = [spreadFresh, hotFresh, twoFresh].map((f) => percentile(f, 95));
  console.log(`freshness target p95 ≤ 2 s: ${allFresh.every((p) => p <= 2000) ? "met" : "NOT met"} in every run`);
  if (results.some((run) => run.failures.size)) failed = true;
  for (const [name, docs] of [
    ["40 documents", spread],
    ["hot document", hot],
    ["two processes", spreadTwice],
    ["warmup", warm],
  ] as const) {
    const problems = await verify(docs);
    if (problems.length) {
      failed = true;
      console.log(`\n${problems.length} inconsistencies (${name}):\n  ${problems.slice(0, 10).join("\n  ")}`);
    }
  }
  console.log(
    failed
      ? "\nCHECKS FAILED"
      : "\nchecks: every aggregate equals its recomputation from raw rows; every event fired exactly once; no errors",
  );
} finally {
  for (const p of [app, secondApp, bare]) p.child.kill("SIGTERM");
  await Promise.all([app.exited, secondApp.exited, bare.exited]);
  await db.$disconnect();
  await database.stop();
}
process.exit(failed ? 1 : 0);
