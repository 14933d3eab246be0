/**
 * `npm run bench:upload`: what hostile and large uploads cost the web process. On `npm start`'s
 * server with a fresh database: a 1 MB PDF whose object stream inflates to 1 GB, alone and four at
 * once, then a normal 100 MB PDF. For each: HTTP status, time, peak resident memory of the web
 * process (growth over its idle figure) and of the PDF workers, and /api/health latency (polled
 * every 50 ms) while it runs. Targets: web process growth ≤ 128 MB and health p95 ≤ 200 ms during bombs.
 * Then office files converted by LibreOffice (when installed): a 30-slide deck (.pptx), a 20-page
 * memo (.docx) and a 10-sheet model (.xlsx), made here, each uploaded through the API: LibreOffice's
 * own time (as the web process logs it), the upload's whole time and the page count.
 */
import { readdirSync, readFileSync } from "node:fs";
import { samplePdf } from "../lib/sample-pdf";
import { createApiKey } from "../../lib/auth/api-keys";
import { createUser } from "../../lib/users/create-user";
import { startApp, waitForHealth } from "../../test/support/app-process";
import { compressionBomb } from "../../test/support/hostile-pdfs";
import { convertedByLibreOffice, docx, odp, xlsx } from "../../test/support/office-files";
import { libreOfficeBinary } from "../../lib/office/libreoffice-binary";
import { CONVERTED_MESSAGE } from "../../lib/office/convert-with-libreoffice";
import { freshBenchDatabase } from "./fresh-database";
import { percentile } from "./measure";

// Beside this worktree's own ports, so a bench never meets another checkout's server or database.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 8;
const PG_PORT = Number(process.env.EMBEDDED_PG_PORT ?? 54390) + 8;
const BASE = `http://localhost:${PORT}`;
const MB = 1024 * 1024;
const database = await freshBenchDatabase("bench-upload", PG_PORT);
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
  return { status: response.status, ms: performance.now() - started, message: body.error?.message ?? pages, pageCount: body.page_count };
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

/** LibreOffice's times (ms) in the web process's log lines since its output was `from` characters long. */
function loggedConversions(from: number): number[] {
  return app
    .output()
    .slice(from)
    .split("\n")
    .flatMap((line) => {
      try {
        const entry = JSON.parse(line) as { msg?: unknown; ms?: unknown };
        return entry.msg === CONVERTED_MESSAGE && typeof entry.ms === "number" ? [entry.ms] : [];
      } catch {
        return [];
      }
    });
}

const app = startApp({ PORT: String(PORT), APP_URL: BASE, DATA_DIR: database.dataDir, DATABASE_URL: database.url });
try {
  // A first start after a source change builds the app first.
  await waitForHealth(BASE, 600_000);
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
    const files = [
      { name: "a 30-slide deck (.pptx)", filename: "deck.pptx", bytes: deck },
      { name: "a 20-page memo (.docx)", filename: "memo.docx", bytes: memo },
      { name: "a 10-sheet model (.xlsx)", filename: "model.xlsx", bytes: model },
    ];
    const figures: string[] = [];
    for (const file of files) {
      const from = app.output().length;
      let result: Awaited<ReturnType<typeof upload>> | undefined;
      await scenario(`office: ${file.name}`, webPid, async () => [(result = await upload(file.bytes, file.filename))]);
      const [converted] = loggedConversions(from);
      figures.push(
        result!.status === 201
          ? `  ${file.name}: LibreOffice ${converted === undefined ? "(no log line)" : `${(converted / 1000).toFixed(2)} s`}, upload answered in ${(result!.ms / 1000).toFixed(2)} s, ${result!.pageCount} pages`
          : `  ${file.name}: HTTP ${result!.status} — ${result!.message}`,
      );
    }
    console.log(`\noffice files: conversion time and page count\n${figures.join("\n")}`);
  } else
    console.log(
      "\noffice: LibreOffice is not installed (no soffice or LIBREOFFICE_PATH), so office files are refused; their lines are skipped.",
    );
} finally {
  app.child.kill("SIGTERM");
  await app.exited;
  await db.$disconnect();
  await database.stop();
}
