/**
 * `npm run bench:viewer`: time from navigation to the first page painted in Chromium, for a
 * generated 300-page PDF and a 1-page PDF, on `npm start`'s server over localhost. Also prints the
 * first contentful paint (the server-rendered toolbar and page skeleton) and how many bytes of the
 * PDF the browser fetched before page 1 was painted (range loading).
 */
import { chromium } from "@playwright/test";
import { createUser } from "../../lib/users/create-user";
import { startApp, waitForHealth } from "../../test/support/app-process";
import { freshBenchDatabase } from "./fresh-database";
import { createSampleDocument } from "../lib/demo-data";
import { percentile } from "./measure";

const PORT = 3196;
const BASE = `http://localhost:${PORT}`;
const RUNS = 7;
const database = await freshBenchDatabase("bench-viewer", 54396);
const { dataDir } = database;
const { db } = await import("../../lib/db/client");

const owner = await createUser({ email: "bench-viewer@example.com", password: "bench-password" });
// ~60 KiB of image-like weight per page: an 18 MB file, the size of a real 300-page deck.
const big = await createSampleDocument(owner.id, "Three hundred pages", 300, { email_gate: false }, { paddingKiBPerPage: 60 });
const small = await createSampleDocument(owner.id, "One page", 1, { email_gate: false });

const app = startApp({ PORT: String(PORT), APP_URL: BASE, DATA_DIR: dataDir, DATABASE_URL: database.url });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
});
try {
  await waitForHealth(BASE, 180_000);
  for (const doc of [big, small]) {
    const times: number[] = [];
    const bytes: number[] = [];
    const contentful: number[] = [];
    for (let run = 0; run < RUNS + 1; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      let fetched = 0;
      const statuses: number[] = [];
      // Bytes as they arrive (an interception proxy would read whole bodies and hide range loading).
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      const fileRequests = new Set<string>();
      cdp.on("Network.requestWillBeSent", (event) => event.request.url.includes("/file?") && fileRequests.add(event.requestId));
      cdp.on("Network.responseReceived", (event) => {
        if (fileRequests.has(event.requestId)) statuses.push(event.response.status);
      });
      cdp.on("Network.dataReceived", (event) => {
        if (fileRequests.has(event.requestId)) fetched += event.dataLength;
      });
      const started = Date.now();
      await page.goto(`${BASE}/s/${doc.code}`);
      await page.waitForSelector('[data-testid="pdf-page-1"][data-rendered="true"]', { timeout: 60_000 });
      const elapsed = Date.now() - started;
      if (run === 1)
        console.log(`  ${doc.pageCount}-page PDF: HTTP statuses of the file requests before page 1 painted: ${statuses.join(", ")}`);
      if (run > 0) {
        // The first run warms the server (route compilation caches); it is not counted.
        times.push(elapsed);
        bytes.push(fetched);
        contentful.push(
          await page.evaluate(() => Math.round(performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN)),
        );
      }
      await context.close();
    }
    times.sort((a, b) => a - b);
    contentful.sort((a, b) => a - b);
    console.log(
      `${doc.pageCount}-page PDF (${(Number(doc.sizeBytes) / 1024 / 1024).toFixed(1)} MiB): first page painted p50 ${percentile(times, 50)} ms, ` +
        `p95 ${percentile(times, 95)} ms over ${RUNS} runs; ` +
        `first contentful paint p50 ${percentile(contentful, 50)} ms; PDF bytes fetched before page 1: ${(
          percentile(
            bytes.sort((a, b) => a - b),
            50,
          ) / 1024
        ).toFixed(0)} KiB`,
    );
  }
} finally {
  await browser.close();
  app.child.kill("SIGTERM");
  await app.exited;
  await db.$disconnect();
  await database.stop();
}
