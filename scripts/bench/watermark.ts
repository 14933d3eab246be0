/**
 * `npm run bench:watermark`: what readers of a watermarked link cost the web process (issue 41,
 * item 4). On `npm start`'s server with a fresh database: one 36-page document whose watermark
 * names the reader's address, every page drawn first; then 100 readers, 20 at once, each from its
 * own address (so each is a new text to draw), read every page image in order. Prints the answers,
 * each image's p50/p95, the web process's memory (RSS) at start, at its peak and after the readers
 * have gone, and the marked-image cache's size against WATERMARK_IMAGE_CACHE_MB. Targets: memory
 * after within 150 MB of the start, the cache within its bound, every image 200.
 * BENCH_PORT and BENCH_PG_PORT move it off its default ports; BENCH_READERS makes it shorter.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { renderPageImages } from "../../lib/documents/render-page-images";
import { createUser } from "../../lib/users/create-user";
import { startApp, waitForHealth } from "../../test/support/app-process";
import { createSampleDocument } from "../lib/demo-data";
import { freshBenchDatabase } from "./fresh-database";
import { percentile } from "./measure";

const PORT = Number(process.env.BENCH_PORT ?? 3197);
const BASE = `http://localhost:${PORT}`;
const PAGES = 36;
const READERS = Number(process.env.BENCH_READERS ?? 100);
const AT_ONCE = 20;
const CACHE_MB = 64;
const TARGET_MEMORY_GROWTH_MB = 150;
// Long enough for the runtime to give back what the readers' requests held.
const SETTLE_MS = 15_000;

const database = await freshBenchDatabase("bench-watermark", Number(process.env.BENCH_PG_PORT ?? 54397));
const { db } = await import("../../lib/db/client");

const owner = await createUser({ email: "bench-watermark-owner@example.com", password: "bench-password" });
let doc = await createSampleDocument(owner, "Watermark bench", PAGES, { email_gate: false });
doc = await db.document.update({ where: { id: doc.id }, data: { watermark: "Confidential · {ip} · {date}" } });
await renderPageImages(doc.id);
const drawn = (await db.document.findUniqueOrThrow({ where: { id: doc.id } })).pageImages;
if (drawn !== PAGES) throw new Error(`only ${drawn} of ${PAGES} pages were drawn`);

/** The web process's resident memory in MB (Next runs inside scripts/start.ts). */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

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

const tally = (statuses: number[]) => {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n} × ${status}`).join(", ");
};

async function readEveryPage(reader: number, statuses: number[], times: number[]) {
  const address = `10.1.${reader >> 8}.${reader & 255}`;
  for (let page = 1; page <= PAGES; page++) {
    const started = performance.now();
    const response = await fetch(`${BASE}/s/${doc.code}/pages/${page}?version=${doc.version}`, { headers: { "x-forwarded-for": address } });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    statuses.push(response.status);
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
try {
  await waitForHealth(BASE, 900_000);
  // Warm the route once (its first request loads and compiles its modules), as an unmarked reader would not.
  await readEveryPage(0, [], []);
  const pid = app.child.pid!;
  const start = await rssMb(pid);
  let peak = start;
  // A sample taken as the process exits (a failed run) finds no memory line: the run's own error is the one to report.
  const sampling = setInterval(
    () =>
      void rssMb(pid).then(
        (mb) => (peak = Math.max(peak, mb)),
        () => undefined,
      ),
    200,
  );
  const statuses: number[] = [];
  const times: number[] = [];
  let next = 1;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next <= READERS) await readEveryPage(next++, statuses, times);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampling);
  peak = Math.max(peak, await rssMb(pid));
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const after = await rssMb(pid);
  const cache = await cacheBytes();
  const sorted = [...times].sort((a, b) => a - b);
  const bound = CACHE_MB * 1024 * 1024;
  console.log(`\n${READERS} readers × ${PAGES} pages of a watermarked link, ${AT_ONCE} at once, in ${seconds.toFixed(0)} s`);
  console.log(`  answers: ${tally(statuses)}`);
  console.log(
    `  one page image: p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`,
  );
  console.log(
    `  web process RSS: start ${start.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, after ${(SETTLE_MS / 1000).toFixed(0)} s idle ${after.toFixed(0)} MB ` +
      `(target after ≤ start + ${TARGET_MEMORY_GROWTH_MB} MB: ${after - start <= TARGET_MEMORY_GROWTH_MB ? "met" : "NOT met"})`,
  );
  console.log(
    `  marked-image cache: ${(cache.bytes / 1024 / 1024).toFixed(1)} MB in ${cache.entries} images, bound ${CACHE_MB} MB ` +
      `(${cache.bytes <= bound ? "within" : "NOT within"})`,
  );
} catch (error) {
  console.error(`web process output:\n${app.output().slice(-4000)}`);
  throw error;
} finally {
  app.child.kill("SIGTERM");
  await app.exited;
  await db.$disconnect();
  await database.stop();
}
