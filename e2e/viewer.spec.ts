import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { degrees, PDFDocument } from "pdf-lib";
import { E2E_DATA_DIR } from "../playwright.config";
import { pageImagesPrefix } from "../lib/storage/document-keys";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { db } from "../test/support/playwright/database";
import { type DocumentBody, uploadOk } from "../test/support/playwright/upload";
import { ownClientAddress } from "../test/support/playwright/client-address";

let account: Account;
test.beforeAll(async () => {
  account = await newAccount("viewer");
});

const linkOf = (doc: DocumentBody) => `/s/${doc.short_code.slice(2)}`;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });
}

/** Keeps the reader "active" (input within 60 s) while time passes. */
async function read(page: Page, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    await page.mouse.move(200 + Math.random() * 100, 300 + Math.random() * 100);
    await page.waitForTimeout(250);
  }
}

async function pageRendered(page: Page, n: number) {
  await expect(page.getByTestId(`pdf-page-${n}`)).toHaveAttribute("data-rendered", "true", { timeout: 20_000 });
}

test("reads a document without a gate and records an honest visit", async ({ page }) => {
  const doc = await uploadOk(request(page), account, { pages: 4, fields: { email_gate: "false", title: "Open memo" } });
  const external: string[] = [];
  page.context().on("request", (r) => {
    if (!r.url().startsWith("http://localhost")) external.push(r.url());
  });
  await page.goto(linkOf(doc));
  await expect(page).toHaveTitle("Open memo · Pagewise");
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Open memo");
  await pageRendered(page, 1);
  await expect(page.getByTestId("page-indicator")).toHaveText("1 / 4");
  const started = page.waitForResponse((r) => r.url().includes("/track") && r.status() === 200);
  await read(page, 1500);
  await started;
  await read(page, 2000);
  await shot(page, "viewer-open-page-1");

  await page.keyboard.press("End");
  await pageRendered(page, 4);
  await expect(page.getByTestId("page-indicator")).toHaveText("4 / 4");
  const flushed = page.waitForResponse((r) => r.url().includes("/track") && r.status() === 200);
  await read(page, 2000);
  await page.keyboard.press("Home");
  await flushed;
  await expect(page.getByTestId("page-indicator")).toHaveText("1 / 4");

  await expect
    .poll(
      async () =>
        (await db.pageTime.findMany({ where: { documentId: doc.id }, orderBy: { page: "asc" } }))
          .filter((p) => p.viewed)
          .map((p) => p.page),
      {
        timeout: 15_000,
      },
    )
    .toEqual(expect.arrayContaining([1, 4]));
  expect(external, "the viewer loads nothing from other origins (no CDN)").toEqual([]);
  const visits = await db.visit.findMany({ where: { documentId: doc.id } });
  expect(visits).toHaveLength(1);
  const times = await db.pageTime.findMany({ where: { documentId: doc.id } });
  const page1 = times.find((t) => t.page === 1)!;
  expect(page1.seconds).toBeGreaterThanOrEqual(2);
  expect(page1.seconds).toBeLessThanOrEqual(6);
  const row = await db.document.findUniqueOrThrow({ where: { id: doc.id } });
  expect(row.views).toBe(1);
  expect(row.uniqueViewers).toBe(1);
  const viewer = await db.viewer.findFirstOrThrow({ where: { documentId: doc.id } });
  expect(viewer).toMatchObject({ visits: 1, pagesViewed: 2, completion: 0.5, email: null });
  expect(viewer.totalTimeSeconds).toBeGreaterThanOrEqual(4);
  const events = await db.event.findMany({ where: { documentId: doc.id, type: "document.viewed" } });
  expect(events).toHaveLength(1);
  expect((events[0]!.payload as { data: { viewer: { visit_number: number } } }).data.viewer.visit_number).toBe(1);
});

test("the first paint, before any script runs, already shows the title, page count and a page skeleton", async ({ browser, page }) => {
  const doc = await uploadOk(request(page), account, { pages: 3, fields: { email_gate: "false", title: "Quarterly letter" } });
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const serverRendered = await noScript.newPage();
  await serverRendered.goto(linkOf(doc));
  await expect(serverRendered.getByRole("heading", { name: "Quarterly letter" })).toBeVisible();
  await expect(serverRendered.getByTestId("page-indicator")).toHaveText("1 / 3");
  await expect(serverRendered.getByRole("status")).toHaveText("Loading document…");
  await shot(serverRendered, "viewer-server-rendered");
  await noScript.close();
});

test("a long document's page 1 stands in place in the server's HTML, not in a part the page reveals later, over the whole document's height", async ({
  browser,
  page,
}) => {
  const doc = await uploadOk(request(page), account, { pages: 12, fields: { email_gate: "false", title: "Long report" } });
  // Every page drawn, more than the server's column holds (SERVER_COLUMN_PAGES).
  await expect.poll(async () => (await db.document.findUniqueOrThrow({ where: { id: doc.id } })).pageImages, { timeout: 60_000 }).toBe(12);
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const serverRendered = await noScript.newPage();
  await serverRendered.goto(linkOf(doc));
  await expect(serverRendered.locator('img[elementtiming="page-image-1"]')).toBeVisible();
  const pageHeight = (await serverRendered.locator('[data-page="1"]').boundingBox())!.height;
  const scrollHeight = await serverRendered.getByRole("main").evaluate((main) => main.scrollHeight);
  expect(scrollHeight).toBeGreaterThan(12 * pageHeight);
  expect(scrollHeight).toBeLessThan(12 * (pageHeight + 32) + 200);
  await noScript.close();
});

test("the viewer's scripts are named in the HTML: none is found only once others run, and each is fetched once", async ({ page }) => {
  const doc = await uploadOk(request(page), account, { pages: 2, fields: { email_gate: "false" } });
  const html = await (await request(page).get(linkOf(doc))).text();
  const named = new Set([...html.matchAll(/"(\/_next\/static\/chunks\/[^"]+\.js)"/g)].map((m) => m[1]!));
  expect(named.size).toBeGreaterThan(0);
  const scripts: string[] = [];
  page.on("request", (r) => r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
  await page.goto(linkOf(doc));
  await pageRendered(page, 1);
  expect(scripts.filter((script) => !named.has(script))).toEqual([]);
  for (const script of named) expect(scripts.filter((s) => s === script).length).toBeLessThanOrEqual(1);
});

for (const [shape, size, rotation] of [
  ["portrait letter pages", [612, 792], 0],
  ["16:9 slides", [960, 540], 0],
  ["letter pages turned a quarter", [612, 792], 90],
] as const) {
  test(`nothing shifts while a document of ${shape} loads and renders; the server-rendered skeleton already has its shape`, async ({
    browser,
    page,
  }) => {
    const pdf = await PDFDocument.create();
    for (let n = 0; n < 3; n++) pdf.addPage([...size]).setRotation(degrees(rotation));
    const doc = await uploadOk(request(page), account, { bytes: Buffer.from(await pdf.save()), fields: { email_gate: "false" } });
    const displayed = rotation === 90 ? size[0] / size[1] : size[1] / size[0];
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const serverRendered = await noScript.newPage();
    await serverRendered.goto(linkOf(doc));
    const skeleton = (await serverRendered.getByRole("status").boundingBox())!;
    expect(skeleton.height / skeleton.width).toBeCloseTo(displayed, 2);
    await noScript.close();

    await page.goto(linkOf(doc));
    await pageRendered(page, 1);
    const box = (await page.getByTestId("pdf-page-1").boundingBox())!;
    expect(box.height / box.width).toBeCloseTo(displayed, 2);
    const layoutShift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const observer = new PerformanceObserver((list) =>
            resolve(list.getEntries().reduce((sum, entry) => sum + (entry as PerformanceEntry & { value: number }).value, 0)),
          );
          observer.observe({ type: "layout-shift", buffered: true });
          setTimeout(() => resolve(0), 1000);
        }),
    );
    expect(layoutShift).toBeLessThan(0.01);
  });
}

/** A two-page document whose stored original and page images are lost once the background has drawn them (a broken disk, a bad restore). */
async function uploadThenLoseFile(page: Page, fields: Record<string, string>) {
  const doc = await uploadOk(request(page), account, { pages: 2, fields: { email_gate: "false", ...fields } });
  await expect.poll(async () => (await db.document.findUniqueOrThrow({ where: { id: doc.id } })).pageImages, { timeout: 30_000 }).toBe(2);
  const { storageKey } = await db.document.findUniqueOrThrow({ where: { id: doc.id } });
  writeFileSync(path.join(E2E_DATA_DIR, "storage", storageKey), "%PDF-1.7 this is not a PDF any more");
  rmSync(path.join(E2E_DATA_DIR, "storage", pageImagesPrefix(storageKey)), { recursive: true, force: true });
  return doc;
}

test("a file that cannot be read, whose pages have no images, shows a clear error instead of a blank page", async ({ page }) => {
  const doc = await uploadThenLoseFile(page, {});
  await page.goto(linkOf(doc));
  // The server answers at once that page 1 cannot be drawn (and remembers it), so the viewer goes
  // straight to pdf.js, which cannot read the file either.
  await expect(page.getByRole("alert").filter({ hasText: "This document could not be displayed" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(doc.title);
  expect((await db.document.findUniqueOrThrow({ where: { id: doc.id } })).undrawablePages).toContain(1);
  await shot(page, "viewer-error");
});

test("a page that cannot be drawn, where the file is not offered, says so at once, with no retry to promise", async ({ page }) => {
  const doc = await uploadThenLoseFile(page, { allow_download: "false" });
  const asked: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === `${linkOf(doc)}/pages/1`) asked.push(r.url());
  });
  await page.goto(linkOf(doc));
  const notice = page.getByTestId("pdf-page-1").getByRole("alert");
  await expect(notice).toContainText("Page 1 could not be drawn", { timeout: 15_000 });
  await expect(notice.getByRole("button", { name: "Retry" })).toHaveCount(0);
  await expect(page.getByRole("alert").filter({ hasText: "This document could not be displayed" })).toHaveCount(0);
  // No round of retries, which would ask 6 times more, twice each. What may come: the server HTML's
  // image and the hydrated page's, each with its one look at why it was refused, and one wider image
  // when the measured page is wider than the server's guess (seen in one CI run in three).
  expect(asked.length).toBeLessThanOrEqual(6);
  await shot(page, "viewer-page-undrawable");
});

test("a preview gate at page 3 shows pages 1–2, then the whole document after the email", async ({ page }) => {
  const doc = await uploadOk(request(page), account, { pages: 5, fields: { gate_page: "3", title: "Gated deck" } });
  await page.goto(linkOf(doc));
  await pageRendered(page, 2);
  await expect(page.getByTestId("pdf-page-3")).toHaveCount(0);
  const gate = page.getByTestId("email-gate");
  await expect(gate).toBeVisible();
  await expect(gate).toContainText("Continue reading: 3 more pages");
  await gate.scrollIntoViewIfNeeded();
  await shot(page, "viewer-preview-gate");

  await page.getByLabel("Email").fill("Reader@Initech.com");
  await page.getByLabel("Name (optional)").fill("Rita Reader");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("pdf-page-5")).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByTestId("email-gate")).toHaveCount(0);
  // The reader continues where the gate stood.
  await pageRendered(page, 3);
  await expect(page.getByTestId("page-indicator")).toHaveText("3 / 5");
  await page.keyboard.press("End");
  await expect(page.getByTestId("page-indicator")).toHaveText("5 / 5");
  await pageRendered(page, 5);
  await shot(page, "viewer-after-gate");

  const lead = await db.lead.findFirstOrThrow({ where: { documentId: doc.id } });
  expect(lead).toMatchObject({ email: "reader@initech.com", name: "Rita Reader", companyDomain: "initech.com" });
  const event = await db.event.findFirstOrThrow({ where: { documentId: doc.id, type: "lead.captured" } });
  expect((event.payload as { data: { lead: object } }).data.lead).toMatchObject({
    email: "reader@initech.com",
    name: "Rita Reader",
    company_domain: "initech.com",
    total_pages: 5,
  });
  expect((await db.document.findUniqueOrThrow({ where: { id: doc.id } })).leadsCount).toBe(1);
});

test("a full gate asks for the email before page 1", async ({ page }) => {
  const doc = await uploadOk(request(page), account, { pages: 3, fields: { gate_type: "full", title: "Full gate" } });
  await page.goto(linkOf(doc));
  await expect(page.getByTestId("email-gate")).toBeVisible();
  await expect(page.getByTestId("pdf-page-1")).toHaveCount(0);
  await shot(page, "viewer-full-gate");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("pdf-page-1")).toHaveCount(0);
  await page.getByLabel("Email").fill("cfo@globex.io");
  await page.getByRole("button", { name: "Continue" }).click();
  await pageRendered(page, 1);
  expect(await db.lead.count({ where: { documentId: doc.id } })).toBe(1);
});

test("until the page can send it, the password form cannot be sent: no password ever lands in the address", async ({ browser, page }) => {
  const doc = await uploadOk(request(page), account, { pages: 1, fields: { email_gate: "false", password: "open sesame" } });
  // The page as it is before its script runs (a slow phone, or the form's own chunk still on its way).
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const serverRendered = await noScript.newPage();
  await serverRendered.goto(linkOf(doc));
  await serverRendered.getByLabel("Password").fill("open sesame");
  await serverRendered.getByLabel("Password").press("Enter");
  await expect(serverRendered.getByRole("button", { name: "Open document" })).toBeDisabled();
  expect(new URL(serverRendered.url()).search).toBe("");
  await noScript.close();

  await page.goto(linkOf(doc));
  await expect(page.getByRole("button", { name: "Open document" })).toBeEnabled();
});

test("a password comes first, then the gate", async ({ page }) => {
  const doc = await uploadOk(request(page), account, {
    pages: 3,
    fields: { gate_type: "full", password: "open sesame", title: "Secret plan" },
  });
  await page.goto(linkOf(doc));
  await expect(page.getByRole("heading", { name: "Secret plan" })).toBeVisible();
  await page.getByLabel("Password").fill("wrong guess");
  await page.getByRole("button", { name: "Open document" }).click();
  await expect(page.locator("#password-error")).toContainText("not right");
  await shot(page, "viewer-password-wrong");
  await page.getByLabel("Password").fill("open sesame");
  await page.getByRole("button", { name: "Open document" }).click();
  await expect(page.getByTestId("email-gate")).toBeVisible();
  await page.getByLabel("Email").fill("legal@hooli.com");
  await page.getByRole("button", { name: "Continue" }).click();
  await pageRendered(page, 1);
  await shot(page, "viewer-password-then-gate-open");
  expect(await db.lead.findFirstOrThrow({ where: { documentId: doc.id } })).toMatchObject({
    email: "legal@hooli.com",
    companyDomain: "hooli.com",
  });
});

test("with block_free_emails, a free address is refused with a request for a work email", async ({ page }) => {
  const doc = await uploadOk(request(page), account, { pages: 2, fields: { gate_type: "full", block_free_emails: "true" } });
  await page.goto(linkOf(doc));
  await expect(page.getByTestId("email-gate")).toContainText("Please use your work email");
  await page.getByLabel("Email").fill("someone@gmail.com");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.locator("#gate-error")).toContainText("work email");
  await shot(page, "viewer-free-email-refused");
  expect(await db.lead.count({ where: { documentId: doc.id } })).toBe(0);
  await page.getByLabel("Email").fill("someone@umbrella.co");
  await page.getByRole("button", { name: "Continue" }).click();
  await pageRendered(page, 1);
  expect(await db.lead.count({ where: { documentId: doc.id } })).toBe(1);
});

test("download: allowed streams the original, named after the title, and records it; refused hides the button and answers 403", async ({
  page,
}) => {
  const allowed = await uploadOk(request(page), account, { pages: 2, fields: { email_gate: "false", title: "Café plan — Q3" } });
  await page.goto(linkOf(allowed));
  await pageRendered(page, 1);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download" }).click()]);
  expect(download.suggestedFilename()).toBe("Café plan — Q3.pdf");
  const bytes = await (await import("node:fs/promises")).readFile((await download.path())!);
  expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);
  await expect.poll(() => db.download.count({ where: { documentId: allowed.id } })).toBe(1);
  expect(await db.event.count({ where: { documentId: allowed.id, type: "document.downloaded" } })).toBe(1);

  const refused = await uploadOk(request(page), account, { pages: 2, fields: { email_gate: "false", allow_download: "false" } });
  await page.goto(linkOf(refused));
  await pageRendered(page, 1);
  await expect(page.getByRole("link", { name: "Download" })).toHaveCount(0);
  await shot(page, "viewer-download-off");
  const response = await page.request.get(`${linkOf(refused)}/download`);
  expect(response.status()).toBe(403);
  expect(await db.download.count({ where: { documentId: refused.id } })).toBe(0);
});

test("a deleted document's link is 410 'no longer available'; an unknown link is 404", async ({ page }) => {
  const doc = await uploadOk(request(page), account, { pages: 1, fields: { email_gate: "false" } });
  await request(page).delete(`/api/v1/documents/${doc.short_code}`, { headers: account.auth });
  const gone = await page.goto(linkOf(doc));
  expect(gone?.status()).toBe(410);
  expect(gone?.headers()["x-frame-options"]).toBe("SAMEORIGIN");
  await expect(page.getByRole("heading")).toHaveText("This document is no longer available");
  await shot(page, "viewer-gone");
  const missing = await page.goto("/s/zzzzzzzzzz");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading")).toHaveText("This link doesn't lead anywhere");
  await shot(page, "viewer-not-found");
});

function request(page: Page) {
  return page.request;
}

test("the owner opening their own link from the dashboard previews it past every gate and records nothing", async ({ page }) => {
  const doc = await uploadOk(request(page), account, {
    pages: 3,
    fields: { gate_type: "full", password: "owner-secret", allow_download: "true", title: "Owner preview" },
  });
  await ownClientAddress(page);
  await page.goto("/sign-in");
  await page.getByLabel("Email", { exact: true }).first().fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/\/(overview|documents)/);
  await page.goto(`/documents/${doc.short_code}`);
  const [preview] = await Promise.all([page.context().waitForEvent("page"), page.getByRole("link", { name: "Open link" }).click()]);
  await pageRendered(preview, 1);
  await expect(preview.getByTestId("owner-preview-note")).toContainText("nothing you do here is recorded");
  await expect(preview.getByLabel("Password")).toHaveCount(0);
  await shot(preview, "viewer-owner-preview");

  // What a reader's browser would send: answered, and nothing counts.
  const beacon = await preview.request.post(`${linkOf(doc)}/track`, {
    data: { batch_id: "b_ownerpreview01", pages: [{ page: 1, seconds: 5 }] },
  });
  expect(await beacon.json()).toEqual({ visit_id: null, applied: false, version: 1 });
  expect((await preview.request.get(`${linkOf(doc)}/download`)).status()).toBe(200);
  const recorded = await db.document.findUniqueOrThrow({
    where: { id: doc.id },
    select: {
      _count: {
        select: { viewers: true, downloadRecords: true, events: { where: { type: { in: ["document.viewed", "document.downloaded"] } } } },
      },
    },
  });
  expect(recorded._count).toEqual({ viewers: 0, downloadRecords: 0, events: 0 });
});

test("an open viewer whose document is deleted says so at its next beacon, instead of drawing blank pages", async ({ page }) => {
  const doc = await uploadOk(request(page), account, { pages: 3, fields: { email_gate: "false", title: "Soon gone" } });
  const started = page.waitForResponse((response) => response.url().endsWith("/track") && response.status() === 200);
  await page.goto(linkOf(doc));
  await pageRendered(page, 1);
  await started;
  expect((await request(page).delete(`/api/v1/documents/${doc.short_code}`, { headers: account.auth })).status()).toBe(204);
  await page.getByTestId("pdf-page-2").scrollIntoViewIfNeeded();
  // At the latest with the next periodic flush (every ~10 s).
  await expect(page.getByRole("alert").filter({ hasText: "This document is no longer available" })).toBeVisible({ timeout: 20_000 });
  await shot(page, "viewer-document-deleted-while-open");
});

/** Once the link is closed nothing else may promise reading: no gate, no Download, no page or zoom buttons. */
async function onlyTheNotice(page: Page, title: string) {
  const notice = page.getByRole("alert").filter({ hasText: "This document is no longer available" });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(notice).toBeFocused();
  await expect(page.getByTestId("email-gate")).toHaveCount(0);
  await expect(page.getByText(/Continue reading/)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Download" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);
  await expect(page.getByRole("group", { name: "Zoom" })).toHaveCount(0);
  await expect(page.locator("[data-page]")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
}

test("a gated document deleted while open leaves only the notice, focused: the gate and the page buttons go", async ({ page }) => {
  const doc = await uploadOk(request(page), account, { pages: 4, fields: { gate_page: "2", title: "Gated, then gone" } });
  const started = page.waitForResponse((response) => response.url().endsWith("/track") && response.status() === 200);
  await page.goto(linkOf(doc));
  await pageRendered(page, 1);
  await expect(page.getByTestId("email-gate")).toContainText("Continue reading: 3 more pages");
  await expect(page.getByRole("navigation", { name: "Pages" })).toBeVisible();
  await started;
  expect((await request(page).delete(`/api/v1/documents/${doc.short_code}`, { headers: account.auth })).status()).toBe(204);
  // The next beacon (at the latest the periodic flush, every ~10 s, while the reader is active) is answered 410.
  const refused = page.waitForResponse((response) => response.url().endsWith("/track") && response.status() === 410, { timeout: 20_000 });
  await read(page, 500);
  await refused;
  await onlyTheNotice(page, "Gated, then gone");
  await shot(page, "viewer-gated-document-deleted-while-open");
});

test("a document deleted before its file arrived says it is no longer available, not that it could not be displayed, and Download goes", async ({
  page,
}) => {
  const doc = await uploadOk(request(page), account, { pages: 3, fields: { email_gate: "false", title: "Gone before its file" } });
  const filePath = `${linkOf(doc)}/file`;
  // The file's requests (the page's early start included) wait until the document is deleted.
  let release!: () => void;
  const deleted = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === filePath,
    async (route) => {
      await deleted;
      await route.continue();
    },
  );
  await page.goto(linkOf(doc));
  // The renderer has taken over from the server's frame: its zoom buttons work.
  await expect(page.getByRole("button", { name: "Zoom in" })).toBeEnabled({ timeout: 20_000 });
  await expect(page.getByRole("link", { name: "Download" })).toBeVisible();
  expect((await request(page).delete(`/api/v1/documents/${doc.short_code}`, { headers: account.auth })).status()).toBe(204);
  release();
  await onlyTheNotice(page, "Gone before its file");
  await expect(page.getByText("This document could not be displayed")).toHaveCount(0);
});

test("before the gate, the disabled Next button says why, on hover and to screen readers", async ({ page }) => {
  const doc = await uploadOk(request(page), account, { pages: 3, fields: { gate_page: "2", title: "Preview then gate" } });
  await page.goto(linkOf(doc));
  await pageRendered(page, 1);
  const next = page.getByRole("button", { name: "Next page" });
  await expect(next).toBeDisabled();
  await expect(next).toHaveAccessibleDescription("Page 2 opens once you enter your email below");
  await expect(page.getByTestId("disabled-reason")).toHaveAttribute("title", "Page 2 opens once you enter your email below");
});
