/**
 * `npm run bench:upload`: what hostile and large uploads cost the web process. On `npm start`'s
 * server with a fresh database: a 1 MB PDF whose object stream inflates to 1 GB, alone and four at
 * once, then a normal 100 MB PDF. For each: HTTP status, time, peak resident memory of the web
 * process (growth over its idle figure) and of the PDF workers, and /api/health latency (polled
 * every 50 ms) while it runs. Targets: web process growth ≤ 128 MB and health p95 ≤ 200 ms during bombs.
 * Then office files converted by LibreOffice (when installed): a 30-slide deck (.pptx), a 20-page
 * memo (.docx) and a 10-sheet model (.xlsx), each with its conversion time and page count.
 */
import { readdirSync, readFileSync } from "node:fs";
import { samplePdf } from "../lib/sample-pdf";
import { createApiKey } from "../../lib/auth/api-keys";
import { createUser } from "../../lib/users/create-user";
import { startApp, waitForHealth } from "../../test/support/app-process";
import { compressionBomb } from "../../test/support/hostile-pdfs";
import { convertedByLibreOffice, docx, odp, xlsx } from "../../test/support/office-files";
import { libreOfficeBinary } from "../../lib/office/libreoffice-binary";
import { freshBenchDatabase } from "./fresh-database";
import { percentile } from "./measure";

const PORT = 3193;
const BASE = `http://localhost:${PORT}`;
const MB = 1024 * 1024;
const database = await freshBenchDatabase("bench-upload", 54394);
const { db } = await import("../../lib/db/client");
const owner = await createUser({ email: "bench-upload@example.com", password: "bench-password" });
const { key } = await createApiKey({ teamId: owner.personalTeamId, userId: owner.id }, "bench");

const rss = (pid: number) => {
  try {
    return Number(readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]) * 4096;
  } catch {
    return 0;
  }
};
/** PDF worker processes: children of the web process running lib/pdf/pdf-worker.ts. */
const workers = (parent: number) =>
  readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return (
          Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === parent &&
          readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("pdf-worker")
        );
      } catch {
        return false;
      }
    });

async function upload(bytes: Buffer, name: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  const started = performance.now();
  const response = await fetch(`${BASE}/api/v1/documents`, { method: "POST", headers: { Authorization: `Bearer ${key}` }, body: form });
  const body = (await response.json()) as { error?: { message: string }; page_count?: number };
  const pages = body.page_count === undefined ? "" : `${body.page_count} pages`;
  return { status: response.status, ms: performance.now() - started, message: body.error?.message ?? pages };
}

async function scenario(name: string, webPid: number, run: () => Promise<Array<Awaited<ReturnType<typeof upload>>>>) {
  const idle = rss(webPid);
  let webPeak = idle;
  let workerPeak = 0;
  const sampler = setInterval(() => {
    webPeak = Math.max(webPeak, rss(webPid));
    for (const pid of workers(webPid)) workerPeak = Math.max(workerPeak, rss(pid));
  }, 20);
  const health: number[] = [];
  let running = true;
  const poll = (async () => {
    while (running) {
      const started = performance.now();
      await (await fetch(`${BASE}/api/health`)).arrayBuffer();
      health.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const started = performance.now();
  const results = await run();
  const total = performance.now() - started;
  running = false;
  await poll;
  clearInterval(sampler);
  health.sort((a, b) => a - b);
  console.log(`\n${name}`);
  for (const r of results) console.log(`  HTTP ${r.status} in ${(r.ms / 1000).toFixed(2)} s${r.message ? ` — ${r.message}` : ""}`);
  console.log(
    `  all done in ${(total / 1000).toFixed(2)} s; web process RSS ${(idle / MB).toFixed(0)} → peak ${(webPeak / MB).toFixed(0)} MB (growth ${((webPeak - idle) / MB).toFixed(0)} MB); ` +
      `PDF worker peak RSS ${(workerPeak / MB).toFixed(0)} MB; /api/health p50 ${percentile(health, 50).toFixed(1)} ms, p95 ${percentile(health, 95).toFixed(1)} ms, max ${health.at(-1)!.toFixed(1)} ms over ${health.length} polls`,
  );
}

const app = startApp({ PORT: String(PORT), APP_URL: BASE, DATA_DIR: database.dataDir, DATABASE_URL: database.url });
try {
  await waitForHealth(BASE, 180_000);
  const webPid = app.child.pid!;
  console.log("building the test files…");
  const bomb = await compressionBomb(1024 * MB);
  const large = await samplePdf(200, "Large deck", { paddingKiBPerPage: 500 });
  console.log(`bomb: ${(bomb.length / MB).toFixed(2)} MB inflating to 1024 MB; large PDF: ${(large.length / MB).toFixed(1)} MB, 200 pages`);
  // Warm the route (compilation caches, first worker start), as a running server would be.
  await upload(await samplePdf(2), "warm.pdf");

  await scenario("1 bomb (1 MB → 1 GB)", webPid, async () => [await upload(bomb, "bomb.pdf")]);
  await scenario("4 bombs at once", webPid, () => Promise.all([1, 2, 3, 4].map((i) => upload(bomb, `bomb-${i}.pdf`))));
  await scenario(`a normal ${(large.length / MB).toFixed(0)} MB PDF`, webPid, async () => [await upload(large, "large.pdf")]);

  if (libreOfficeBinary()) {
    const deck = await convertedByLibreOffice(odp(30, "Deck slide"), "odp", "pptx");
    const memo = docx(20, "Memo page");
    const model = xlsx(10, 45, "Model sheet");
    await upload(docx(1, "Warm"), "warm.docx");
    await scenario("office: a 30-slide deck (.pptx)", webPid, async () => [await upload(deck, "deck.pptx")]);
    await scenario("office: a 20-page memo (.docx)", webPid, async () => [await upload(memo, "memo.docx")]);
    await scenario("office: a 10-sheet model (.xlsx)", webPid, async () => [await upload(model, "model.xlsx")]);
  } else console.log("\noffice: LibreOffice is not installed; office files are refused (see README).");
} finally {
  app.child.kill("SIGTERM");
  await app.exited;
  await db.$disconnect();
  await database.stop();
}
