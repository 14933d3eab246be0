import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { PLAYWRIGHT_REPORT } from "./scripts/lib/test-reports";

/**
 * Browser and HTTP tests against the real app: `npm start` on its own port with a fresh embedded
 * database under .data/e2e, driven by Debian's Chromium (Playwright cannot download browsers here).
 */
// Overridable so that two checkouts can run their browser tests at the same time.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_PG_PORT = Number(process.env.E2E_PG_PORT ?? 54340);
export const E2E_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DATA_DIR = ".data/e2e";

/**
 * Debian's headless shell (package chromium-headless-shell): Chromium's engine without the browser's
 * own interface, which the full browser draws even when headless (its tab strip and toolbar are web
 * pages of their own). The same specs cost about half the CPU in it. The full browser where the
 * shell is not installed.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

/** How every browser here starts (the specs and scripts/bench/viewer.ts): Debian's Chromium, quiet and headless-friendly. */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
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
};

const BROWSER = { ...devices["Desktop Chrome"], launchOptions: CHROMIUM_LAUNCH };
const ALONE = ["**/api-documents.spec.ts"];

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  // Two spec files at once: each spec makes its own accounts and documents, so they do not meet.
  workers: 2,
  retries: 0,
  timeout: 60_000,
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }], ["json", { outputFile: PLAYWRIGHT_REPORT }]],
  use: {
    baseURL: E2E_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "chromium", testIgnore: ALONE, use: BROWSER },
    // Specs that count what the whole server holds ("stores nothing") run after the others, alone.
    { name: "alone", testMatch: ALONE, dependencies: ["chromium"], workers: 1, use: BROWSER },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && exec node --import tsx scripts/start.ts`,
    url: `${E2E_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    env: {
      PORT: String(E2E_PORT),
      APP_URL: E2E_URL,
      DATA_DIR: E2E_DATA_DIR,
      EMBEDDED_PG_PORT: String(E2E_PG_PORT),
      MAX_UPLOAD_MB: "5",
      ALLOW_PRIVATE_WEBHOOK_URLS: "true",
      ALLOW_HTTP_WEBHOOKS: "true",
      TRUST_PROXY: "1",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  },
});
