import { randomBytes } from "node:crypto";
import { type Browser, expect, type Page, request as playwrightRequest, test } from "@playwright/test";
import { E2E_URL } from "../playwright.config";
import { recomputeAggregates } from "../lib/analytics/recompute-aggregates";
import { addViewer } from "../scripts/lib/activity";
import { samplePdf } from "../scripts/lib/sample-pdf";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import "../test/support/playwright/database";
import { uploadOk } from "../test/support/playwright/upload";
import { screenOf, signedIn as signedInWith } from "../test/support/playwright/sign-in";

test.describe.configure({ mode: "serial", timeout: 90_000 });

const DAY = 86_400_000;
const PIXEL = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86";
const SIZES = [
  ["desktop", { width: 1440, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

const signedIn = (browser: Browser, account: Account, viewport: { width: number; height: number } = SIZES[0][1]) =>
  signedInWith(browser, account, screenOf(viewport));

/** A marker on the window that only a full page load removes. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
const samePage = (page: Page) => page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage === true);

/** Drops a file on an element the way a browser does: dragover, then drop with a DataTransfer holding the file. */
async function dropFile(page: Page, selector: string, file: { name: string; type: string; bytes: Buffer }) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, type, bytes }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], name, { type }));
      return transfer;
    },
    { name: file.name, type: file.type, bytes: [...file.bytes] },
  );
  await page.dispatchEvent(selector, "dragover", { dataTransfer });
  await page.dispatchEvent(selector, "drop", { dataTransfer });
}

/** One reader in their own browser (own cookie, own user agent) sending one reading beacon through the real track route. */
async function readThroughTrackRoute(code: string, userAgent: string, pages: Array<[number, number]>) {
  const reader = await playwrightRequest.newContext({ baseURL: E2E_URL, userAgent });
  try {
    const response = await reader.post(`/s/${code}/track`, {
      headers: { Origin: E2E_URL },
      data: { batch_id: `b_${randomBytes(8).toString("hex")}`, pages: pages.map(([page, seconds]) => ({ page, seconds })) },
    });
    expect(response.status(), await response.text()).toBe(200);
  } finally {
    await reader.dispose();
  }
}

const statValue = (page: Page, label: string) => page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("+ dd");

async function funnel(page: Page) {
  return page
    .getByTestId("funnel-table")
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((row) => Number(row.querySelector("td")!.textContent)));
}

let owner: Account;
let trackedCode = "";
let periodCode = "";

test.beforeAll(async () => {
  owner = await newAccount("analytics");
});

test("the empty documents page is a drop zone: a dropped PDF uploads with its progress bar, without a reload", async ({ browser }) => {
  const page = await signedIn(browser, owner);
  const zone = page.getByTestId("empty-drop-zone");
  await expect(zone.getByRole("heading", { name: "Share your first document" })).toBeVisible();
  await shot(page, "empty-state");
  await markPage(page);

  await dropFile(page, '[data-testid="empty-drop-zone"]', { name: "notes.txt", type: "text/plain", bytes: Buffer.from("hello") });
  await expect(zone.getByRole("alert")).toHaveText(/^notes\.txt is not a (PDF|type this server takes)\. Choose /);

  await dropFile(page, '[data-testid="empty-drop-zone"]', {
    name: "dropped-deck.pdf",
    type: "application/pdf",
    bytes: await samplePdf(3, "Dropped deck"),
  });
  const form = page.getByRole("form", { name: "Upload a document" });
  await expect(form.getByText("dropped-deck.pdf")).toBeVisible();
  await expect(form.getByText("3 pages")).toBeVisible();

  // The request is held until the progress bar has been seen, so seeing it does not depend on upload speed.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/dashboard/upload", async (route) => {
    await held;
    await route.continue();
  });
  await form.getByRole("button", { name: "Upload and create link" }).click();
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/documents\/[a-z0-9]{10}\?uploaded=1$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "dropped deck" })).toBeVisible();
  expect(await samePage(page)).toBe(true);
  await page.context().close();
});

test("on an empty account, the overview's upload link opens the panel at once, and the empty state's button opens the file picker", async ({
  browser,
}) => {
  const fresh = await newAccount("empty");
  const page = await signedIn(browser, fresh);
  await page.goto("/overview");
  await markPage(page);
  await page.getByRole("link", { name: "Upload a PDF" }).click();
  await expect(page).toHaveURL(/\/documents\?upload=1$/);
  await expect(page.getByRole("form", { name: "Upload a document" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("empty-drop-zone")).toBeVisible();

  const button = page.getByTestId("empty-drop-zone").getByRole("button", { name: "Upload file" });
  await button.focus();
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.keyboard.press("Enter")]);
  await chooser.setFiles({ name: "keyboard-deck.pdf", mimeType: "application/pdf", buffer: await samplePdf(2, "Keyboard deck") });
  await expect(page.getByText("2 pages")).toBeVisible();
  await page.getByRole("button", { name: "Upload and create link" }).click();
  await expect(page).toHaveURL(/\/documents\/[a-z0-9]{10}\?uploaded=1$/, { timeout: 20_000 });
  expect(await samePage(page)).toBe(true);
  await page.context().close();
});

test("the reading funnel never rises: a reader who skipped to page 3 counts at pages 1, 2 and 3", async ({ browser, request }) => {
  const doc = await uploadOk(request, owner, { pages: 5, fields: { title: "Funnel deck", email_gate: "false" } });
  trackedCode = doc.short_code.slice(2);
  await readThroughTrackRoute(trackedCode, PIXEL, [[3, 8]]);
  await readThroughTrackRoute(trackedCode, IPHONE, [
    [1, 4],
    [2, 3],
  ]);
  await readThroughTrackRoute(trackedCode, WINDOWS, [
    [1, 2],
    [2, 2],
    [3, 2],
    [4, 2],
    [5, 2],
  ]);

  const page = await signedIn(browser, owner);
  await page.goto(`/documents/${trackedCode}`);
  await expect(page.getByRole("heading", { name: "Reading funnel" })).toBeVisible();
  const reached = await funnel(page);
  expect(reached).toEqual([3, 3, 2, 1, 1]);
  for (let i = 1; i < reached.length; i++) expect(reached[i]!).toBeLessThanOrEqual(reached[i - 1]!);
  await page.context().close();
});

test("opening a reader's row shows their visits with device, browser, time per page; anonymous readers have a friendly name", async ({
  browser,
}) => {
  const page = await signedIn(browser, owner);
  await page.goto(`/documents/${trackedCode}`);
  const table = page.getByTestId("viewers-table");
  await expect(table.getByTestId("reader-row")).toHaveCount(3);
  await expect(table).not.toContainText("anon_");
  await expect(table).toContainText("Anonymous reader 1");

  const pixelReader = table.getByRole("button", { name: "Anonymous reader 1" });
  await pixelReader.focus();
  await page.keyboard.press("Enter");
  await expect(pixelReader).toHaveAttribute("aria-expanded", "true");
  const timeline = page.getByTestId("reader-timeline");
  await expect(timeline.getByTestId("timeline-visit")).toHaveCount(1);
  await expect(timeline.getByTestId("visit-device")).toHaveText("Phone · Chrome on Android");
  await expect(timeline.getByRole("list", { name: "Time per page in visit 1" })).toContainText("Page 3");
  await expect(timeline).toContainText("No download");

  await table.getByRole("row").filter({ hasText: "Anonymous reader 3" }).click();
  await expect(page.getByTestId("reader-timeline").getByTestId("visit-device")).toHaveText("Desktop · Edge on Windows");
  await expect(pixelReader).toHaveAttribute("aria-expanded", "false");

  const csv = await (await page.request.get(`/api/dashboard/documents/${trackedCode}/viewers.csv`)).text();
  const lines = csv.split("\r\n");
  expect(lines[0]).toMatch(/,reader,agreement_accepted_at$/);
  // No agreement on this document: the acceptance column is empty.
  expect(lines.filter((line) => /^anon_[A-Za-z0-9]{16},.*,Anonymous reader 1,$/.test(line))).toHaveLength(1);
  await page.context().close();
});

test("switching the period changes every figure and table, and the period stays in the URL", async ({ browser, request }) => {
  const doc = await uploadOk(request, owner, { pages: 4, fields: { title: "Period deck" } });
  periodCode = doc.short_code.slice(2);
  const ago = (days: number) => new Date(Date.now() - days * DAY);
  await addViewer(doc.id, {
    email: "early@acme.com",
    name: "Early Bird",
    leadAt: ago(40),
    visits: [
      {
        startedAt: ago(40),
        pages: [
          [1, 10],
          [2, 10],
          [3, 10],
          [4, 10],
        ],
        downloaded: true,
      },
    ],
  });
  await addViewer(doc.id, { visits: [{ startedAt: ago(39), pages: [[1, 5]] }] });
  await addViewer(doc.id, {
    visits: [
      {
        startedAt: ago(2),
        pages: [
          [1, 6],
          [2, 6],
        ],
      },
    ],
  });
  await recomputeAggregates([doc.id]);

  const page = await signedIn(browser, owner);
  await page.goto(`/documents/${periodCode}`);
  const figures = async () => ({
    views: await statValue(page, "Views").textContent(),
    viewers: await statValue(page, "Unique viewers").textContent(),
    time: await statValue(page, "Avg. time").textContent(),
    completion: await statValue(page, "Avg. completion").textContent(),
    downloads: await statValue(page, "Downloads").textContent(),
    leads: await statValue(page, "Leads").textContent(),
  });
  await expect(page.getByTestId("period-summary")).toContainText("All time");
  expect(await figures()).toEqual({ views: "3", viewers: "3", time: "19s", completion: "58%", downloads: "1", leads: "1" });
  expect(await funnel(page)).toEqual([3, 2, 1, 1]);
  await expect(page.getByTestId("viewers-table").getByTestId("reader-row")).toHaveCount(3);
  await expect(page.getByTestId("leads-table")).toContainText("early@acme.com");

  await page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "7 days" }).click();
  await expect(page).toHaveURL(new RegExp(`/documents/${periodCode}\\?period=7d$`));
  await expect(page.getByTestId("period-summary")).toContainText("Last 7 days");
  await expect(statValue(page, "Views")).toHaveText("1");
  expect(await figures()).toEqual({ views: "1", viewers: "1", time: "12s", completion: "50%", downloads: "0", leads: "0" });
  expect(await funnel(page)).toEqual([1, 1, 0, 0]);
  const rows = page.getByTestId("viewers-table").getByTestId("reader-row");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Anonymous reader 3");
  await expect(page.getByTestId("leads-table")).toHaveCount(0);
  await expect(page.getByText("No leads in this period.")).toBeVisible();
  // The exports follow the period too.
  await expect(page.getByRole("link", { name: "Export CSV (last 7 days)" })).toHaveCount(2);
  await expect(page.locator('a[href$=".csv?period=7d"]')).toHaveCount(2);

  await page.reload();
  await expect(statValue(page, "Views")).toHaveText("1");
  await page.context().close();
});

test("screenshots of the empty state, the funnel, a period and an open timeline on desktop and phone", async ({ browser }) => {
  const empty = await newAccount("empty-shots");
  for (const [device, viewport] of SIZES) {
    const emptyPage = await signedIn(browser, empty, viewport);
    await expect(emptyPage.getByTestId("empty-drop-zone")).toBeVisible();
    await shot(emptyPage, `${device}-empty-state`);
    await emptyPage.context().close();

    const page = await signedIn(browser, owner, viewport);
    await page.goto(`/documents/${trackedCode}`);
    await page.getByTestId("viewers-table").getByRole("button", { name: "Anonymous reader 1" }).click();
    await expect(page.getByTestId("reader-timeline")).toBeVisible();
    await shot(page, `${device}-document-timeline`);
    await page.goto(`/documents/${periodCode}?period=7d`);
    await expect(page.getByTestId("period-summary")).toContainText("Last 7 days");
    await shot(page, `${device}-document-7-days`);
    // Against the viewport asked for: a phone browser widens its layout to fit content that overflows.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${device} scrolls sideways`).toBeLessThanOrEqual(
      viewport.width,
    );
    await page.context().close();
  }
});
