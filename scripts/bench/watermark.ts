/**
 * `npm run bench:watermark`: what readers of a watermarked link cost the web process (issue 41,
 * item 4). On `npm start`'s server with a fresh database: one 36-page document whose watermark
 * names the reader's address, every page drawn first; then 100 readers in batches of 20 at once,
 * each from its own address (so each is a new text to draw), read every page image in order.
 * After each batch it prints the answers by status, each image's p50/p95, the web process's
 * memory (RSS) now and at the batch's peak, and the marked-image cache on disk against its bound;
 * then the verdicts: memory a while after the last reader within 150 MB of the start, the cache
 * within WATERMARK_IMAGE_CACHE_MB, every image 200.
 * BENCH_PORT and BENCH_PG_PORT move it off its default ports; BENCH_READERS makes it shorter.
 */
import { withBenchApp } from "./bench-app";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { renderPageImages } from "../../lib/documents/render-page-images";
import { createUser } from "../../lib/users/create-user";
import { startApp, waitForHealth } from "../../test/support/app-process";
import { createSampleDocument } from "../lib/demo-data";
import { freshBenchDatabase } from "./fresh-database";
import { percentile } from "./measure";
import { MB, mb, residentBytes, residentPeaks } from "./process-stats";

const PORT = Number(process.env.BENCH_PORT ?? 3197);
const BASE = `http://localhost:${PORT}`;
const PAGES = 36;
const READERS = Number(process.env.BENCH_READERS ?? 100);
const AT_ONCE = 20;
const CACHE_MB = 64;
const TARGET_MEMORY_GROWTH_MB = 150;
// Past the quiet spell after which the server hands a burst's memory back (scripts/lib/collect-when-quiet.ts).
const SETTLE_MS = 15_000;

const database = await freshBenchDatabase("bench-watermark", Number(process.env.BENCH_PG_PORT ?? 54397));
const { db } = await import("../../lib/db/client");

const owner = await createUser({ email: "bench-watermark-owner@example.com", password: "bench-password" });
let doc = await createSampleDocument(owner, "Watermark bench", PAGES, { email_gate: false });
doc = await db.document.update({ where: { id: doc.id }, data: { watermark: "Confidential · {ip} · {date}" } });
await renderPageImages(doc.id);
const drawn = (await db.document.findUniqueOrThrow({ where: { id: doc.id } })).pageImages;
if (drawn !== PAGES) throw new Error(`only ${drawn} of ${PAGES} pages were drawn`);

async function cacheBytes(): Promise<{ bytes: number; entries: number }> {
  const dir = path.join(database.dataDir, "watermark-page-cache");
  const names = await readdir(dir).catch(() => [] as string[]);
  const sizes = await Promise.all(
    names.map((name) =>
      stat(path.join(dir, name)).then(
        (found) => found.size,
        () => 0,
      ),
    ),
  );
  return { bytes: sizes.reduce((sum, size) => sum + size, 0), entries: names.length };
}

type Answers = { statuses: Array<number | "network error">; times: number[] };

const tally = ({ statuses }: Answers) => {
  const counts = new Map<number | string, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n} × ${status}`).join(", ");
};

const timing = ({ times }: Answers) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(0)} ms`;
};

async function readEveryPage(reader: number, answers: Answers) {
  const address = `10.1.${reader >> 8}.${reader & 255}`;
  for (let page = 1; page <= PAGES; page++) {
    const started = performance.now();
    try {
      const response = await fetch(`${BASE}/s/${doc.code}/pages/${page}?version=${doc.version}`, {
        headers: { "x-forwarded-for": address },
      });
      await response.arrayBuffer();
      answers.statuses.push(response.status);
    } catch {
      answers.statuses.push("network error");
    }
    answers.times.push(performance.now() - started);
  }
}

const app = startApp({
  PORT: String(PORT),
  APP_URL: BASE,
  DATA_DIR: database.dataDir,
  DATABASE_URL: database.url,
  TRUST_PROXY: "1",
  WATERMARK_IMAGE_CACHE_MB: String(CACHE_MB),
});
await withBenchApp(app, database, async () => {
  await waitForHealth(BASE, 900_000);
  const pid = app.child.pid!;
  // Warm the route once (its first request loads and compiles its modules), as a running server would be.
  await readEveryPage(0, { statuses: [], times: [] });
  const start = residentBytes(pid);
  const bound = CACHE_MB * MB;
  console.log(
    `\n${READERS} readers × ${PAGES} pages of a watermarked link, ${AT_ONCE} at once; web process RSS at start ${mb(start)}, cache bound ${CACHE_MB} MB`,
  );
  const peaks = residentPeaks(pid);
  const all: Answers = { statuses: [], times: [] };
  let peak = start;
  let largestCache = 0;
  const started = performance.now();
  for (let first = 1; first <= READERS; first += AT_ONCE) {
    const last = Math.min(READERS, first + AT_ONCE - 1);
    const batch: Answers = { statuses: [], times: [] };
    const batchStarted = performance.now();
    await Promise.all(Array.from({ length: last - first + 1 }, (_, i) => readEveryPage(first + i, batch)));
    const batchPeak = peaks.take();
    peak = Math.max(peak, batchPeak);
    const cache = await cacheBytes();
    largestCache = Math.max(largestCache, cache.bytes);
    all.statuses.push(...batch.statuses);
    all.times.push(...batch.times);
    console.log(
      `  readers ${first}–${last} in ${((performance.now() - batchStarted) / 1000).toFixed(0)} s: ${tally(batch)}; one image ${timing(batch)}; ` +
        `RSS now ${mb(residentBytes(pid))} (batch peak ${mb(batchPeak)}); cache ${(cache.bytes / MB).toFixed(1)} MB in ${cache.entries} images of ${CACHE_MB} MB`,
    );
  }
  peaks.stop();
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const after = residentBytes(pid);
  const cache = await cacheBytes();
  largestCache = Math.max(largestCache, cache.bytes);
  const failed = all.statuses.filter((status) => status !== 200).length;
  console.log(
    `\n${READERS} readers × ${PAGES} pages in ${seconds.toFixed(0)} s: ${tally(all)} (target every image 200: ${failed === 0 ? "met" : "NOT met"})`,
  );
  console.log(`  one page image: ${timing(all)}`);
  console.log(
    `  web process RSS: start ${mb(start)}, peak ${mb(peak)}, after ${(SETTLE_MS / 1000).toFixed(0)} s idle ${mb(after)} ` +
      `(target after ≤ start + ${TARGET_MEMORY_GROWTH_MB} MB: ${after - start <= TARGET_MEMORY_GROWTH_MB * MB ? "met" : "NOT met"})`,
  );
  console.log(
    `  marked-image cache: ${(cache.bytes / MB).toFixed(1)} MB in ${cache.entries} images at the end, largest seen ${(largestCache / MB).toFixed(1)} MB, ` +
      `bound ${CACHE_MB} MB (${largestCache <= bound ? "within" : "NOT within"})`,
  );
});
