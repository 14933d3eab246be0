import { rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startSmtpSink } from "../test/support/smtp-sink";
import { ROOT, startApp, waitForHealth } from "./support/app-process";
import { E2E_DATABASE_URL } from "./support/database";

test.describe.configure({ timeout: 120_000 });

const PORT = 3175;
const BASE = `http://localhost:${PORT}`;

test("with SMTP configured, an owner signs in with an emailed magic link", async ({ browser }) => {
  const smtp = await startSmtpSink();
  const mails = smtp.mails;
  const dataDir = path.join(ROOT, ".data/e2e-magic");
  const app = startApp({ PORT: String(PORT), APP_URL: BASE, DATA_DIR: dataDir, DATABASE_URL: E2E_DATABASE_URL, SMTP_URL: smtp.url });
  try {
    await waitForHealth(BASE);
    const page = await (await browser.newContext({ baseURL: BASE })).newPage();
    await page.goto("/sign-in");
    const email = `magic-${Date.now()}@example.com`;
    await page.getByLabel("Email", { exact: true }).last().fill(email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page).toHaveURL(/\/sign-in\/check-email/);
    await expect.poll(() => mails.length, { timeout: 15_000 }).toBe(1);
    const body = mails[0]!.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    expect(body).toContain(`To: ${email}`);
    const link = /(http:\/\/localhost:3175\/api\/auth\/callback\/nodemailer\?[^\s"<>]+)/.exec(body)?.[1];
    expect(link).toBeTruthy();
    await page.goto(link!.replace(/&amp;/g, "&"));
    await expect(page).toHaveURL(/\/documents$/);
    await expect(page.getByText(email)).toBeVisible();
  } finally {
    app.child.kill("SIGTERM");
    await app.exited;
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
