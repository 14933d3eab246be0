/**
 * `npm run bench:public`: what server-rendering the public viewer page costs the web process. On
 * `npm start`'s server with a fresh database and one shared document: the web process's resident
 * memory at rest, 1,000 renders of /s/<code> at 100 at once (each reader from its own address, so
 * the page's per-address limit does not refuse them), the peak during the burst and the figure 30 s
 * later, with p50/p95 of the renders. Three bursts, so growth that keeps adding up shows as such.
 * The CPU time per render does not depend on what else the machine runs; the latencies do.
 * Targets: RSS within +150 MB of the baseline 30 s after a burst; p95 under 1 s.
 */
import { withBenchApp } from "./bench-app";
import { Agent, request } from "node:http";
import { createUser } from "../../lib/users/create-user";
import { startApp, waitForHealth } from "../../test/support/app-process";
import { freshBenchDatabase } from "./fresh-database";
import { createSampleDocument } from "../lib/demo-data";
import { percentile } from "./measure";
import { cpuSeconds, MB, mb, residentBytes as rss } from "./process-stats";

const PORT = Number(process.env.BENCH_PORT ?? 3197);
const BASE = `http://localhost:${PORT}`;
const RENDERS = 1000;
const CONCURRENCY = 100;
const BURSTS = 3;
const SETTLE_SECONDS = 30;
const TARGET_GROWTH_MB = 150;
const TARGET_P95_MS = 1000;
const database = await freshBenchDatabase("bench-public", Number(process.env.BENCH_PG_PORT ?? 54397));

const owner = await createUser({ email: "bench-public@example.com", password: "bench-password" });
// As the API creates one by default: the email gate after the preview pages.
const doc = await createSampleDocument(owner, "Public page bench", 12);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let nextAddress = 0;
/** A reader's address in 10.0.0.0/8 that no earlier render used (TRUST_PROXY=1 takes it from X-Forwarded-For). */
const readerAddress = () => {
  const n = ++nextAddress;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

function render(agent: Agent): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      { host: "localhost", port: PORT, path: `/s/${doc.code}`, agent, headers: { "x-forwarded-for": readerAddress() } },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** `count` renders over `CONCURRENCY` keep-alive connections, each sending its next as soon as the last answered. */
async function burst(count: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const results: Array<{ status: number; ms: number }> = [];
  let sent = 0;
  const client = async () => {
    while (sent < count) {
      sent++;
      results.push(await render(agent));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  agent.destroy();
  const failures = new Map<number, number>();
  for (const { status } of results) if (status !== 200) failures.set(status, (failures.get(status) ?? 0) + 1);
  return { times: results.map((r) => r.ms).sort((a, b) => a - b), failures };
}

const app = startApp({ PORT: String(PORT), APP_URL: BASE, DATA_DIR: database.dataDir, DATABASE_URL: database.url, TRUST_PROXY: "1" });
await withBenchApp(app, database, async () => {
  await waitForHealth(BASE, 180_000);
  const pid = app.child.pid!;
  console.log(`web process RSS when ready: ${mb(rss(pid))}`);
  // Warm the page as a running server would be (first render loads and compiles its modules).
  const warm = await burst(CONCURRENCY);
  if (warm.failures.size) throw new Error(`warm-up renders failed: ${[...warm.failures.keys()].join(", ")}`);
  await sleep(SETTLE_SECONDS * 1000);
  const baseline = rss(pid);
  console.log(`web process RSS at rest (after ${CONCURRENCY} warm-up renders): ${mb(baseline)}`);
  for (let round = 1; round <= BURSTS; round++) {
    let peak = rss(pid);
    const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), 50);
    const started = performance.now();
    const cpuBefore = cpuSeconds(pid);
    const { times, failures } = await burst(RENDERS);
    const seconds = (performance.now() - started) / 1000;
    const cpuPerRender = ((cpuSeconds(pid) - cpuBefore) * 1000) / RENDERS;
    clearInterval(sampler);
    await sleep(SETTLE_SECONDS * 1000);
    const after = rss(pid);
    const p95 = percentile(times, 95);
    console.log(
      `burst ${round}: ${RENDERS} renders at ${CONCURRENCY} at once in ${seconds.toFixed(1)} s (${(RENDERS / seconds).toFixed(0)}/s, ${cpuPerRender.toFixed(1)} ms of web process CPU each); ` +
        (failures.size ? `NOT ALL 200: ${[...failures].map(([status, n]) => `${n} × HTTP ${status}`).join(", ")}; ` : "") +
        `p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (target < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? "met" : "NOT met"}); ` +
        `RSS baseline ${mb(baseline)}, peak ${mb(peak)}, ${SETTLE_SECONDS} s after ${mb(after)} ` +
        `(+${mb(after - baseline)}; target ≤ +${TARGET_GROWTH_MB} MB: ${after - baseline <= TARGET_GROWTH_MB * MB ? "met" : "NOT met"})`,
    );
  }
});
