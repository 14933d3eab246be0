import { rmSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { E2E_DATA_DIR, E2E_PORT, E2E_URL } from "../playwright.config";
import { readableMail, startSmtpSink } from "../test/support/smtp-sink";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { ROOT, runScript, startApp, waitForHealth } from "../test/support/app-process";
import { E2E_DATABASE_URL, db } from "../test/support/playwright/database";
import { uploadOk } from "../test/support/playwright/upload";
import { ownClientAddress } from "../test/support/playwright/client-address";

test.describe.configure({ mode: "serial", timeout: 90_000 });

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let account: Account;
let owner: Page;
let code = "";

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The same page at phone size, for the screenshot only. */
async function phoneShot(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await shot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

async function signIn(page: Page, email: string, password: string) {
  await ownClientAddress(page);
  await page.getByLabel("Email", { exact: true }).first().fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function newSignedInPage(browser: Browser, who: Account): Promise<Page> {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await page.goto("/sign-in");
  await signIn(page, who.email, who.password);
  await expect(page).toHaveURL(/\/documents$/);
  return page;
}

/** A document uploaded through the API, as its owner would; its code without the `s-`. */
async function uploadDocument(request: APIRequestContext, who: Account, title: string, pages: number) {
  return (await uploadOk(request, who, { pages, fields: { title } })).short_code.slice(2);
}

test.beforeAll(async ({ browser, playwright }) => {
  account = await newAccount("forms");
  const request = await playwright.request.newContext({ baseURL: E2E_URL });
  code = await uploadDocument(request, account, "Q3 deck", 12);
  await request.dispose();
  owner = await newSignedInPage(browser, account);
});

test("a refused webhook URL stays in its field, which is marked, described by the error and focused", async () => {
  await owner.goto("/settings/webhook");
  const url = owner.getByLabel("Endpoint URL");
  await url.fill("example.com/hooks/pagewise");
  await owner.getByRole("button", { name: "Create webhook" }).click();
  const message = "Enter a full address, starting with https://, like https://example.com/webhooks/pagewise";
  await expect(owner.locator("#webhook-url-error")).toHaveText(message);
  await expect(url).toHaveValue("example.com/hooks/pagewise");
  await expect(url).toHaveAttribute("aria-invalid", "true");
  await expect(url).toHaveAttribute("aria-describedby", "webhook-url-error");
  await expect(url).toBeFocused();
  await shot(owner, "webhook-error");
  await phoneShot(owner, "webhook-error");
  expect(await db.webhook.count({ where: { teamId: account.teamId } })).toBe(0);

  await owner.getByRole("checkbox").first().focus();
  for (const box of await owner.getByRole("checkbox").all()) await box.uncheck();
  await url.fill("https://hooks.example.com/pagewise");
  await owner.getByRole("button", { name: "Create webhook" }).click();
  await expect(owner.locator("#webhook-events-error")).toHaveText("Choose at least one event to receive");
  await expect(owner.getByRole("checkbox").first()).toBeFocused();
  await expect(url).toHaveValue("https://hooks.example.com/pagewise");
  await expect(url).not.toHaveAttribute("aria-invalid");
});

test("a bad free-preview-page count stays in its field with the error in plain words; a good one saves as gate_page N + 1", async () => {
  await owner.goto(`/documents/${code}`);
  const title = owner.getByLabel("Title", { exact: true });
  const preview = owner.getByLabel("Free preview pages");
  await expect(preview).toHaveValue("2");
  await expect(preview).toHaveAttribute("max", "11");
  await title.fill("Q3 deck (board)");
  await preview.fill("99");
  await owner.getByRole("button", { name: "Save settings" }).click();
  await expect(owner.locator("#preview_pages-error")).toHaveText("Choose between 0 and 11 free preview pages");
  await expect(preview).toHaveValue("99");
  await expect(title).toHaveValue("Q3 deck (board)");
  await expect(preview).toHaveAttribute("aria-invalid", "true");
  await expect(preview).toHaveAttribute("aria-describedby", "preview_pages-error");
  await expect(preview).toBeFocused();
  await owner.locator("form[aria-label='Document settings']").scrollIntoViewIfNeeded();
  await shot(owner, "preview-pages-error");
  await phoneShot(owner, "preview-pages-error");
  expect(await db.document.findUniqueOrThrow({ where: { code } })).toMatchObject({ title: "Q3 deck", gatePage: 3 });

  await preview.fill("4");
  await owner.getByRole("button", { name: "Save settings" }).click();
  await expect(owner.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(preview).not.toHaveAttribute("aria-invalid");
  expect(await db.document.findUniqueOrThrow({ where: { code } })).toMatchObject({ title: "Q3 deck (board)", gatePage: 5 });
});

test("revoking or regenerating an API key asks first; cancelling leaves the key working", async ({ request }) => {
  await owner.goto("/settings/api-keys");
  await owner.getByLabel("Key name").fill("CRM sync");
  await owner.getByRole("button", { name: "Create API key" }).click();
  const key = (await owner.getByTestId("new-api-key").textContent())!.trim();
  const works = async (k: string) => (await request.get("/api/v1/documents", { headers: { Authorization: `Bearer ${k}` } })).status();
  await owner.reload();

  const revoke = owner.getByRole("button", { name: "Revoke CRM sync" });
  await revoke.click();
  const dialog = owner.getByRole("alertdialog", { name: "Revoke “CRM sync”?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Apps using it stop working at once");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await shot(owner, "revoke-confirm");
  await phoneShot(owner, "revoke-confirm");
  await owner.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(revoke).toBeFocused();
  expect(await works(key)).toBe(200);

  const regenerate = owner.getByRole("button", { name: "Regenerate CRM sync" });
  await regenerate.click();
  const regenerateDialog = owner.getByRole("alertdialog", { name: "Regenerate “CRM sync”?" });
  await expect(regenerateDialog).toContainText("The current key stops working at once");
  await regenerateDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(regenerateDialog).toBeHidden();
  await expect(regenerate).toBeFocused();
  expect(await works(key)).toBe(200);

  await regenerate.click();
  await regenerateDialog.getByRole("button", { name: "Regenerate key" }).click();
  await expect(owner.getByTestId("new-api-key")).not.toHaveText(key);
  const fresh = (await owner.getByTestId("new-api-key").textContent())!.trim();
  expect(await works(key)).toBe(401);
  expect(await works(fresh)).toBe(200);

  await revoke.click();
  await dialog.getByRole("button", { name: "Revoke key" }).click();
  // The regenerated key's old row and the revoked one.
  await expect(owner.getByText(/^Revoked/)).toHaveCount(2);
  expect(await works(fresh)).toBe(401);
});

test("signing in from a deep link returns to it", async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await page.goto(`/documents/${code}?period=7d`);
  await expect(page).toHaveURL(`/sign-in?callbackUrl=${encodeURIComponent(`/documents/${code}?period=7d`)}`);
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(`/documents/${code}?period=7d`);
  await expect(page.getByRole("heading", { name: "Q3 deck (board)" })).toBeVisible();

  const elsewhere = await (await browser.newContext()).newPage();
  await elsewhere.goto("/sign-in?callbackUrl=%2F%2Fevil.example%2Fphish");
  await signIn(elsewhere, account.email, account.password);
  await expect(elsewhere).toHaveURL(/\/documents$/);
  await page.context().close();
  await elsewhere.context().close();
});

test("deleting a document asks first; afterwards the list says which document was deleted, to screen readers too", async () => {
  await owner.goto(`/documents/${code}`);
  const remove = owner.getByRole("button", { name: "Delete document" });
  await remove.click();
  const dialog = owner.getByRole("alertdialog", { name: "Delete “Q3 deck (board)”?" });
  await expect(dialog).toBeVisible();
  await owner.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
  expect((await db.document.findUniqueOrThrow({ where: { code } })).deletedAt).toBeNull();

  await remove.click();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(owner).toHaveURL(`/documents?deleted=${code}`);
  await expect(owner.getByRole("status").filter({ hasText: "“Q3 deck (board)” was moved to the Trash." })).toBeVisible();
  await shot(owner, "deleted");
  await phoneShot(owner, "deleted");
  expect((await db.document.findUniqueOrThrow({ where: { code } })).deletedAt).not.toBeNull();
});

test("an unknown URL shows Pagewise's own 404 page, with the way back", async ({ browser, request }) => {
  const response = await request.get("/no-such-page");
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain("This page does not exist");

  await owner.goto("/no-such-page");
  await expect(owner.getByRole("heading", { name: "This page does not exist" })).toBeVisible();
  await expect(owner.getByRole("link", { name: "Go to your documents" })).toHaveAttribute("href", "/documents");
  await shot(owner, "not-found");
  await phoneShot(owner, "not-found");

  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto("/settings/nothing-here");
  await expect(stranger.getByRole("heading", { name: "This page does not exist" })).toBeVisible();
  await expect(stranger.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign-in");
  await stranger.context().close();
});

test("the favicon and the SVG icon are served", async ({ request }) => {
  const ico = await request.get("/favicon.ico");
  expect(ico.status()).toBe(200);
  expect(ico.headers()["content-type"]).toContain("image/x-icon");
  await owner.goto("/sign-in");
  const href = await owner.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute("href");
  const svg = await request.get(href!);
  expect(svg.status()).toBe(200);
  expect(await svg.text()).toContain("<svg");
});

test("the API reference has none of its hosted service's buttons (Ask AI, MCP, Deploy)", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { name: "Pagewise API" }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("List documents").first()).toBeVisible();
  for (const label of [/ask ai/i, /\bmcp\b/i, /deploy/i, /developer tools/i]) {
    await expect(page.getByRole("button", { name: label })).toHaveCount(0);
    await expect(page.getByRole("link", { name: label })).toHaveCount(0);
  }
  await shot(page, "api-reference");
  await phoneShot(page, "api-reference");
});

test("after npm run seed the webhook and notification pages show data, on desktop and phone", async ({ browser }) => {
  const seeded = await runScript("scripts/seed.ts", [], { DATABASE_URL: E2E_DATABASE_URL, DATA_DIR: E2E_DATA_DIR });
  expect(seeded.code, seeded.stderr).toBe(0);
  const demo = { email: "demo@pagewise.local", password: "pagewise-demo" } as Account;
  const page = await newSignedInPage(browser, demo);

  await page.goto("/settings/webhook");
  const deliveries = page.getByTestId("deliveries-table");
  await expect(deliveries.locator("tr", { hasText: "failed" })).toHaveCount(1);
  // The six seeded deliveries; earlier specs that open the demo documents may have added real ones.
  expect(await deliveries.locator("tbody tr").count()).toBeGreaterThanOrEqual(6);
  await expect(deliveries.locator("tr", { hasText: "failed" }).getByRole("button", { name: "Redeliver" })).toBeVisible();
  // The failure its retry fixed: succeeded, on the second attempt.
  await expect(
    deliveries.locator("tr", { hasText: "succeeded" }).filter({ has: page.locator("td:nth-child(3)", { hasText: /^2$/ }) }),
  ).toHaveCount(1);
  await shot(page, "seeded-webhook");
  await phoneShot(page, "seeded-webhook");

  await page.goto("/settings/notifications");
  await expect(page.getByTestId("notifications")).toContainText("on “Series A Pitch Deck”");
  // The five seeded digests; readers of the demo documents in earlier specs may have caused more.
  expect(await page.getByTestId("notifications").locator("li").count()).toBeGreaterThanOrEqual(5);
  await shot(page, "seeded-notifications");
  await phoneShot(page, "seeded-notifications");

  // Seeding again adds no second webhook history and no second set of emails. The seeded ones are
  // hours old; real ones caused by readers in earlier specs are not.
  const again = await runScript("scripts/seed.ts", [], { DATABASE_URL: E2E_DATABASE_URL, DATA_DIR: E2E_DATA_DIR });
  expect(again.code, again.stderr).toBe(0);
  const owner = await db.user.findUniqueOrThrow({ where: { email: demo.email } });
  const hoursOld = { createdAt: { lt: new Date(Date.now() - 60 * 60_000) } };
  expect(await db.webhookDelivery.count({ where: { webhook: { team: { members: { some: { userId: owner.id } } } }, ...hoursOld } })).toBe(
    6,
  );
  expect(await db.notification.count({ where: { userId: owner.id, ...hoursOld } })).toBe(5);
  await page.context().close();
});

test.describe("with email sign-in links", () => {
  // A second app with SMTP, on a port next to this run's own.
  const port = E2E_PORT + 72;
  const base = `http://localhost:${port}`;
  const dataDir = path.join(ROOT, `.data/e2e-forms-${port}`);
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let app: ReturnType<typeof startApp>;
  let context: BrowserContext;

  test.beforeAll(async () => {
    smtp = await startSmtpSink();
    app = startApp({ PORT: String(port), APP_URL: base, DATA_DIR: dataDir, DATABASE_URL: E2E_DATABASE_URL, SMTP_URL: smtp.url });
    await waitForHealth(base);
  });

  test.afterAll(async () => {
    await context?.close();
    app.child.kill("SIGTERM");
    await app.exited;
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("a deep link survives signing in with an emailed link", async ({ browser, request }) => {
    const reader = await newAccount("deeplink");
    const doc = { code: await uploadDocument(request, reader, "Roadmap", 4) };
    context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await page.goto(`/documents/${doc.code}?period=30d`);
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
    await page.getByLabel("Email", { exact: true }).last().fill(reader.email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page).toHaveURL(/\/sign-in\/check-email/);
    const mail = () => smtp.mails.filter((m) => m.includes(`To: ${reader.email}`)).map(readableMail);
    await expect.poll(() => mail().length, { timeout: 15_000 }).toBe(1);
    const link = new RegExp(`(${base}/api/auth/callback/nodemailer\\?[^\\s"<>]+)`).exec(mail()[0]!)?.[1]?.replace(/&amp;/g, "&");
    await page.goto(link!);
    await expect(page).toHaveURL(`${base}/documents/${doc.code}?period=30d`);
    await expect(page.getByRole("heading", { name: "Roadmap" })).toBeVisible();
  });
});
