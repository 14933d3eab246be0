/**
 * `npm run bench:viewer`: time from navigation to the first page painted in Chromium — the
 * server-rendered image of page 1 or pdf.js's canvas, whichever comes first — on `npm start`'s
 * server over localhost, for a generated 300-page PDF, a 1-page PDF, an 11 MB non-linearized PDF
 * with the network throttled to 1.6 Mbps / 150 ms (Chromium's network emulation), and a corpus of
 * real-world PDFs from several producers: two Debian manuals (TeX), Chromium's print-to-PDF (Skia)
 * and pdf-lib, plus every PDF in BENCH_PDF_DIR when set; and a watermarked link of the 300-page PDF
 * (localhost) and of the 11 MB one (throttled), each run a new reader's address, so every run's
 * first page is a mark drawn for it, as a new reader's is. A run ends once every page image its
 * browser asked for has arrived, so each reader meets a server drawing no earlier reader's marks.
 * Also prints when pdf.js drew page 1, the PDF bytes fetched until then, and the server's render
 * time and image bytes per page.
 * Targets: first page painted p95 ≤ 400 ms on localhost (300 pages, its watermarked link and the
 * corpus), ≤ 1.5 s throttled (the 11 MB PDF and its watermarked link).
 * BENCH_PORT and BENCH_PG_PORT move it off its default ports.
 */
import { readdirSync, readFileSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, chromium } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { createUser } from "../../lib/users/create-user";
import { createDocument } from "../../lib/documents/create-document";
import { createLink } from "../../lib/links/create-link";
import { renderPageImages } from "../../lib/documents/render-page-images";
import type { Document } from "../../lib/generated/prisma/client";
import type { RenderedPage } from "../../lib/pdf/pdf-job";
import { startApp, waitForHealth } from "../../test/support/app-process";
import { freshBenchDatabase } from "./fresh-database";
import { samplePdf } from "../lib/sample-pdf";
import { CHROMIUM_LAUNCH } from "../../playwright.config";
import { percentile } from "./measure";

const PORT = Number(process.env.BENCH_PORT ?? 3196);
const BASE = `http://localhost:${PORT}`;
const RUNS = 7;
const CORPUS_RUNS = 3;
const THROTTLED = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 1_600_000 / 8 };
const database = await freshBenchDatabase("bench-viewer", Number(process.env.BENCH_PG_PORT ?? 54396));
const { dataDir } = database;
const { db } = await import("../../lib/db/client");

const owner = await createUser({ email: "bench-viewer@example.com", password: "bench-password" });
const browser = await chromium.launch(CHROMIUM_LAUNCH);

/** Uploads a PDF as the owner would, then renders the rest of its page images (as the background would) and returns their figures. */
async function uploadAndRender(name: string, bytes: Buffer): Promise<{ doc: Document; pages: RenderedPage[] }> {
  const file = path.join(tmpdir(), `pagewise-bench-${process.pid}-${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, bytes);
  try {
    const doc = await createDocument(
      { teamId: owner.personalTeamId, userId: owner.id },
      { path: file, size: bytes.length, filename: `${name}.pdf` },
      { title: name, email_gate: false },
    );
    const { pages } = await renderPageImages(doc.id);
    return { doc: await db.document.findUniqueOrThrow({ where: { id: doc.id } }), pages };
  } finally {
    await rm(file, { force: true });
  }
}

/** PDFs Chromium prints (Skia's PDF backend): a text-heavy article and a landscape slide deck with shapes and gradients. */
async function chromiumPdfs(chromiumBrowser: Browser): Promise<Array<{ name: string; bytes: Buffer }>> {
  const page = await chromiumBrowser.newPage();
  const paragraph = "Pagewise renders every page on the server so a reader sees it at once. ".repeat(12);
  await page.setContent(
    `<html><body style="font-family:serif;margin:40px"><h1>Quarterly report</h1>${Array.from(
      { length: 30 },
      (_, i) =>
        `<h2>Section ${i + 1}</h2><p>${paragraph}</p><table border="1" cellpadding="4">${"<tr><td>Revenue</td><td>1,204</td><td>+12%</td></tr>".repeat(6)}</table>`,
    ).join("")}</body></html>`,
  );
  const article = await page.pdf({ format: "A4" });
  await page.setContent(
    `<html><body style="margin:0;font-family:sans-serif">${Array.from(
      { length: 12 },
      (_, i) =>
        `<section style="height:100vh;break-after:page;background:linear-gradient(135deg,#1e3a8a,#9333ea);color:white;padding:60px;box-sizing:border-box">
          <h1 style="font-size:64px">Slide ${i + 1}</h1>
          <svg width="600" height="300"><circle cx="150" cy="150" r="120" fill="#f59e0b"/><rect x="320" y="40" width="240" height="220" rx="24" fill="#10b981"/></svg>
        </section>`,
    ).join("")}</body></html>`,
  );
  const slides = await page.pdf({ width: "1280px", height: "720px", printBackground: true });
  await page.close();
  return [
    { name: "Chromium print (article)", bytes: article },
    { name: "Chromium print (slides)", bytes: slides },
  ];
}

function corpusFiles(): Array<{ name: string; bytes: Buffer }> {
  const debian = ["/usr/share/doc/libtasn1-doc/libtasn1.pdf", "/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf"];
  const extra = process.env.BENCH_PDF_DIR
    ? readdirSync(process.env.BENCH_PDF_DIR)
        .filter((name) => name.toLowerCase().endsWith(".pdf"))
        .sort()
        .map((name) => path.join(process.env.BENCH_PDF_DIR!, name))
    : [];
  return [...debian, ...extra].flatMap((file) => {
    try {
      return [{ name: path.basename(file), bytes: readFileSync(file) }];
    } catch {
      console.log(`  (skipped ${file}: not readable)`);
      return [];
    }
  });
}

type Run = { firstPainted: number; byImage: boolean; pdfjs: number; pdfBytes: number };

/**
 * Records, on the page's clock (from navigation start), when the browser painted page 1's image
 * (Element Timing: the paint itself, which comes before the app's scripts have even hydrated) and
 * when pdf.js had drawn page 1 (its box's `data-rendered`).
 */
const PAINT_RECORDER = `
  window.__paints = {};
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (entry) {
      if (entry.identifier === "page-image-1" && window.__paints.image === undefined) window.__paints.image = entry.renderTime || entry.loadTime;
    });
  }).observe({ type: "element", buffered: true });
  new MutationObserver(function () {
    if (window.__paints.canvas === undefined && document.querySelector('[data-testid="pdf-page-1"][data-rendered="true"]')) window.__paints.canvas = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-rendered"] });
`;

let readers = 0;
/** An address no earlier run came from (TRUST_PROXY=1 takes it from X-Forwarded-For): a new reader, a new watermark. */
const readerAddress = () => {
  const n = ++readers;
  return `10.2.${n >> 8}.${n & 255}`;
};

/** One fresh browser context, a new reader: navigation to the first page painted (image or canvas), then to pdf.js's page 1. */
async function measureRun(code: string, throttled: boolean): Promise<Run> {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": readerAddress() } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  if (throttled) await cdp.send("Network.emulateNetworkConditions", THROTTLED);
  await page.addInitScript(PAINT_RECORDER);
  let pdfBytes = 0;
  let counting = true;
  const fileRequests = new Set<string>();
  const pageImagesInFlight = new Set<string>();
  cdp.on("Network.requestWillBeSent", (event) => {
    if (event.request.url.includes("/file?")) fileRequests.add(event.requestId);
    if (event.request.url.includes("/pages/")) pageImagesInFlight.add(event.requestId);
  });
  cdp.on("Network.loadingFinished", (event) => pageImagesInFlight.delete(event.requestId));
  cdp.on("Network.loadingFailed", (event) => pageImagesInFlight.delete(event.requestId));
  cdp.on("Network.dataReceived", (event) => {
    if (counting && fileRequests.has(event.requestId)) pdfBytes += event.dataLength;
  });
  await page.goto(`${BASE}/s/${code}`, { waitUntil: "commit" });
  await page.waitForSelector('[data-page="1"][data-image-painted="true"], [data-testid="pdf-page-1"][data-rendered="true"]', {
    timeout: 120_000,
  });
  await page.waitForSelector('[data-testid="pdf-page-1"][data-rendered="true"]', { timeout: 120_000 });
  counting = false;
  const paints = (await page.evaluate("window.__paints")) as { image?: number; canvas: number };
  // The next reader finds the server idle: closing now would leave this reader's pages 2 to 4,
  // asked for beside page 1, still being marked while the next reader's page 1 is.
  await waitUntil(() => pageImagesInFlight.size === 0, 30_000);
  await context.close();
  const image = paints.image ?? Number.POSITIVE_INFINITY;
  return {
    firstPainted: Math.round(Math.min(image, paints.canvas)),
    byImage: image < paints.canvas,
    pdfjs: Math.round(paints.canvas),
    pdfBytes,
  };
}

async function waitUntil(done: () => boolean, timeoutMs: number) {
  for (const start = Date.now(); !done() && Date.now() - start < timeoutMs;) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** `runs` runs of a share code (a document's or a link's), after one that warms the server (route compilation caches). */
async function measureDocument({ code }: { code: string }, runs: number, throttled = false): Promise<Run[]> {
  await measureRun(code, throttled);
  const results: Run[] = [];
  for (let run = 0; run < runs; run++) results.push(await measureRun(code, throttled));
  return results;
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const p = (values: number[], at: number) => percentile(sorted(values), at);

function summary(label: string, runs: Run[], target?: number) {
  const first = runs.map((r) => r.firstPainted);
  const verdict = target === undefined ? "" : ` (target p95 ≤ ${target} ms: ${p(first, 95) <= target ? "met" : "NOT met"})`;
  console.log(
    `${label}: first page painted p50 ${p(first, 50)} ms, p95 ${p(first, 95)} ms${verdict}; by the image in ${runs.filter((r) => r.byImage).length}/${runs.length} runs; ` +
      `pdf.js page 1 p50 ${p(
        runs.map((r) => r.pdfjs),
        50,
      )} ms; PDF bytes before pdf.js drew page 1 p50 ${(
        p(
          runs.map((r) => r.pdfBytes),
          50,
        ) / 1024
      ).toFixed(0)} KiB`,
  );
}

function renderFigures(label: string, pages: RenderedPage[]) {
  if (pages.length === 0) return console.log(`  ${label}: no page rendered after page 1`);
  const ms = pages.map((page) => page.ms);
  const kib = pages.map((page) => (page.files.page ?? 0) / 1024);
  const thumbs = pages.map((page) => (page.files.thumb ?? 0) / 1024);
  console.log(
    `  ${label}: server render + WebP per page p50 ${p(ms, 50)} ms, p95 ${p(ms, 95)} ms, max ${Math.max(...ms)} ms; ` +
      `image p50 ${p(kib, 50).toFixed(0)} KiB, p95 ${p(kib, 95).toFixed(0)} KiB; thumbnail p50 ${p(thumbs, 50).toFixed(1)} KiB (${pages.length} pages after page 1)`,
  );
}

let app: ReturnType<typeof startApp> | undefined;
try {
  console.log("uploading and rendering the benchmark files…");
  // ~60 KiB of image-like weight per page: an 18 MB file, the size of a real 300-page deck.
  const big = await uploadAndRender("Three hundred pages", await samplePdf(300, "Three hundred pages", { paddingKiBPerPage: 60 }));
  const small = await uploadAndRender("One page", await samplePdf(1, "One page"));
  const heavy = await uploadAndRender("Eleven megabytes", await samplePdf(40, "Eleven megabytes", { paddingKiBPerPage: 275 }));

  const corpus: Array<{ name: string; producer: string; doc: Document; pages: RenderedPage[] }> = [];
  for (const file of [
    ...corpusFiles(),
    ...(await chromiumPdfs(browser)),
    { name: "pdf-lib sample", bytes: await samplePdf(12, "pdf-lib sample") },
  ]) {
    const producer = await PDFDocument.load(file.bytes, { ignoreEncryption: true, updateMetadata: false }).then(
      (pdf) => pdf.getProducer() ?? pdf.getCreator() ?? "unknown",
      () => "unreadable by pdf-lib",
    );
    try {
      corpus.push({ name: file.name, producer, ...(await uploadAndRender(file.name, file.bytes)) });
    } catch (error) {
      console.log(`  (skipped ${file.name}: the upload was refused — ${(error as Error).message})`);
    }
  }

  const actor = { teamId: owner.personalTeamId, userId: owner.id };
  const watermark = { watermark: "Confidential · {ip} · {date}" };
  const bigMarked = await createLink(actor, big.doc, { name: "Watermarked", settings: watermark });
  const heavyMarked = await createLink(actor, heavy.doc, { name: "Watermarked", settings: watermark });

  // Started once every image is made, so the server's own background rendering has nothing to do.
  app = startApp({ PORT: String(PORT), APP_URL: BASE, DATA_DIR: dataDir, DATABASE_URL: database.url, TRUST_PROXY: "1" });
  await waitForHealth(BASE, 180_000);

  console.log("\nServer-side rendering (PDFium WebAssembly + sharp WebP, 1280 px, in the PDF worker):");
  for (const { doc, pages } of [big, small, heavy]) renderFigures(`${doc.title} (${doc.pageCount} pages)`, pages);
  for (const { name, producer, doc, pages } of corpus) renderFigures(`${name} — ${producer} (${doc.pageCount} pages)`, pages);

  console.log("\nFirst page painted on localhost:");
  for (const { doc } of [big, small]) {
    summary(`${doc.pageCount}-page PDF (${(Number(doc.sizeBytes) / 1024 / 1024).toFixed(1)} MiB)`, await measureDocument(doc, RUNS), 400);
  }
  const corpusRuns: Run[] = [];
  for (const { name, producer, doc } of corpus) {
    const runs = await measureDocument(doc, CORPUS_RUNS);
    corpusRuns.push(...runs);
    summary(`  ${name} — ${producer}`, runs);
  }
  summary(`Corpus (${corpus.length} real-world PDFs × ${CORPUS_RUNS} runs)`, corpusRuns, 400);
  summary(`${big.doc.pageCount}-page PDF, watermarked link (a new reader each run)`, await measureDocument(bigMarked, RUNS), 400);

  console.log("\nFirst page painted at 1.6 Mbps / 150 ms:");
  summary(
    `${heavy.doc.pageCount}-page non-linearized PDF (${(Number(heavy.doc.sizeBytes) / 1024 / 1024).toFixed(1)} MiB)`,
    await measureDocument(heavy.doc, RUNS, true),
    1500,
  );
  summary(
    `${heavy.doc.pageCount}-page non-linearized PDF, watermarked link (a new reader each run)`,
    await measureDocument(heavyMarked, RUNS, true),
    1500,
  );
} finally {
  await browser.close();
  app?.child.kill("SIGTERM");
  await app?.exited;
  await db.$disconnect();
  await database.stop();
}
