import { rmSync } from "node:fs";
import path from "node:path";
import { type Page, expect, test } from "@playwright/test";
import { samplePdf } from "../scripts/lib/sample-pdf";
import { type AppProcess, ROOT, runScript, startApp, waitForHealth } from "../test/support/app-process";
import { freshDatabase } from "../test/support/playwright/own-database";
import { type UploadThingStandIn, startUploadThingStandIn } from "../test/support/uploadthing-standin";
import { E2E_PORT } from "../playwright.config";

/** Attacks on STORAGE_DRIVER=uploadthing through a signed-in dashboard (see e2e/uploadthing.spec.ts for the setup). */
test.describe.configure({ mode: "serial", timeout: 120_000 });

const PORT = E2E_PORT + 78;
const BASE = `http://localhost:${PORT}`;
const DATABASE = "pagewise_uploadthing_attacks";
const dataDir = path.join(ROOT, ".data/e2e-uploadthing-attacks");
const email = "ut-attacker@example.com";
const password = "long enough password";

let uploadthing: UploadThingStandIn;
let app: AppProcess;
let owner: Page;

test.beforeAll(async ({ browser }) => {
  uploadthing = await startUploadThingStandIn();
  const databaseUrl = await freshDatabase(DATABASE);
  rmSync(dataDir, { recursive: true, force: true });
  const env = { PORT: String(PORT), APP_URL: BASE, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, MAX_UPLOAD_MB: "5", ...uploadthing.env };
  app = startApp(env);
  await waitForHealth(BASE, 120_000);
  expect((await runScript("scripts/user-create.ts", ["--email", email, "--password", password], env)).code).toBe(0);

  owner = await (await browser.newContext({ baseURL: BASE })).newPage();
  await owner.goto("/sign-in");
  await owner.getByLabel("Email", { exact: true }).first().fill(email);
  await owner.getByLabel("Password").fill(password);
  await owner.getByRole("button", { name: "Sign in" }).click();
  await expect(owner).toHaveURL(/\/documents$/);
});

test.afterAll(async () => {
  app?.child.kill("SIGTERM");
  await app?.exited;
  await uploadthing?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test("a rate-limited upload tells the owner to wait, in words, not with the request's URL and status", async () => {
  // The limit counts per fixed minute (the app's clock is this machine's): start early in one, so the upload falls in it too.
  await expect.poll(() => new Date().getSeconds() < 30, { timeout: 35_000, intervals: [500] }).toBe(true);
  await owner.goto("/documents?upload=1");
  // The owner's own browser (so its address) spends this minute's upload requests.
  const statuses = await owner.evaluate(async () => {
    const answers: number[] = [];
    for (let i = 0; i < 120; i++) answers.push((await fetch("/api/uploadthing?slug=pdf", { method: "POST", body: "{}" })).status);
    return answers;
  });
  expect(statuses.at(-1)).toBe(429);
  await owner.locator("#upload-file").setInputFiles({ name: "deck.pdf", mimeType: "application/pdf", buffer: await samplePdf(6) });
  await owner.getByRole("button", { name: "Upload and create link" }).click();
  const alert = owner.locator("p[role=alert]");
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await expect(alert).not.toContainText("failed with status");
  await expect(alert).toContainText("Too many upload requests");
});
