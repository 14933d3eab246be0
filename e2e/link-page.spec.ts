import { type Browser, expect, type Page, test } from "@playwright/test";
import { recomputeAggregates } from "../lib/analytics/recompute-aggregates";
import { addViewer } from "../scripts/lib/activity";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { db } from "../test/support/playwright/database";
import { signedIn } from "../test/support/playwright/sign-in";
import { type DocumentBody, uploadOk } from "../test/support/playwright/upload";

test.describe.configure({ mode: "serial", timeout: 120_000 });

const DAY = 86_400_000;

/** A reader in a browser of their own: opens the link, passes its email gate, reads page 1 and downloads the file. */
async function readAndDownload(browser: Browser, linkCode: string, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/s/${linkCode}`);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("pdf-page-1")).toHaveAttribute("data-rendered", "true", { timeout: 20_000 });
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download" }).click()]);
  await download.path();
  const link = await db.link.findUniqueOrThrow({ where: { code: linkCode } });
  // A visit starts once a page has been in view for a second; its first batch names the link.
  await expect.poll(() => db.visit.count({ where: { linkId: link.id } }), { timeout: 20_000 }).toBe(1);
  await expect.poll(() => db.download.count({ where: { linkId: link.id } })).toBe(1);
  await context.close();
}

const statValue = (page: Page, label: string) => page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("+ dd");
const linkRow = (page: Page, name: string) =>
  page.getByTestId("links-table").locator("tr", { has: page.getByRole("rowheader", { name: new RegExp(name) }) });
const viewers = (page: Page) => page.getByTestId("viewers-table");

let owner: Account;
let doc: DocumentBody;
let code = "";
const links: Record<"ann" | "bob" | "cold", string> = { ann: "", bob: "", cold: "" };

test.beforeAll(async ({ request }) => {
  owner = await newAccount("link-page");
  doc = await uploadOk(request, owner, {
    pages: 3,
    fields: { title: "Series B deck", email_gate: "true", gate_type: "full", allow_download: "true" },
  });
  code = doc.short_code.slice(2);
  for (const [key, name] of [
    ["ann", "Acme — Ann"],
    ["bob", "Beta — Bob"],
    ["cold", "Cold — Carol"],
  ] as const) {
    const created = await request.post(`/api/v1/documents/${doc.short_code}/links`, { headers: owner.auth, data: { name } });
    expect(created.status()).toBe(201);
    links[key] = ((await created.json()) as { code: string }).code;
  }
});

test("a Links row opens that link's page, which shows only the readers, leads and downloads that came through it", async ({ browser }) => {
  await readAndDownload(browser, links.ann, "ann@acme.com");
  await readAndDownload(browser, links.bob, "bob@beta.io");

  const page = await signedIn(browser, owner);
  await page.goto(`/documents/${code}`);
  // Anywhere on the row opens the link's page, not only its name: a click on its Views figure, as a person makes it.
  const annViews = linkRow(page, "Acme — Ann").locator("td").nth(1);
  await annViews.scrollIntoViewIfNeeded();
  const views = (await annViews.boundingBox())!;
  await page.mouse.click(views.x + views.width / 2, views.y + views.height / 2);
  await expect(page).toHaveURL(new RegExp(`/documents/${code}/links/${links.ann}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Acme — Ann");
  await expect(page.getByTestId("share-url")).toContainText(`/s/${links.ann}`);
  expect(await statValue(page, "Views").textContent()).toBe("1");
  expect(await statValue(page, "Unique viewers").textContent()).toBe("1");
  expect(await statValue(page, "Downloads").textContent()).toBe("1");
  expect(await statValue(page, "Leads").textContent()).toBe("1");
  await expect(viewers(page).getByTestId("reader-row")).toHaveCount(1);
  await expect(viewers(page)).toContainText("ann@acme.com");
  await expect(page.getByTestId("leads-table").locator("tbody tr")).toHaveCount(1);
  await expect(page.getByTestId("leads-table")).toContainText("ann@acme.com");
  await expect(page.getByTestId("downloads-table").locator("tbody tr")).toHaveCount(1);
  await expect(page.getByTestId("downloads-table")).toContainText("ann@acme.com");
  await expect(page.getByText("bob@beta.io")).toHaveCount(0);
  // The reading funnel counts this link's visit alone.
  await expect(page.getByTestId("funnel-table").locator("tbody tr").first().locator("td").first()).toHaveText("1");
  // Her visit names the link it came through.
  await viewers(page)
    .getByRole("button", { name: /ann@acme\.com/ })
    .click();
  await expect(page.getByTestId("reader-timeline").getByTestId("visit-link")).toHaveText("via Acme — Ann");
  await page.screenshot({ path: test.info().outputPath("link-page-desktop.png"), fullPage: true });

  // By keyboard: the breadcrumb back, then Bob's row, focused and opened with Enter.
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "← Series B deck" }).click();
  await expect(page).toHaveURL(new RegExp(`/documents/${code}$`));
  const bobLink = linkRow(page, "Beta — Bob").getByRole("link", { name: "Beta — Bob" });
  await bobLink.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/documents/${code}/links/${links.bob}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Beta — Bob");
  await expect(viewers(page).getByTestId("reader-row")).toHaveCount(1);
  await expect(viewers(page)).toContainText("bob@beta.io");
  await expect(page.getByTestId("leads-table")).toContainText("bob@beta.io");
  await expect(page.getByTestId("downloads-table")).toContainText("bob@beta.io");
  await expect(page.getByText("ann@acme.com")).toHaveCount(0);
  await page.context().close();
});

test("each visit on the document page names its link and opens that link's page", async ({ browser }) => {
  const page = await signedIn(browser, owner);
  await page.goto(`/documents/${code}`);
  await viewers(page)
    .getByRole("button", { name: /bob@beta\.io/ })
    .click();
  const visitLink = page.getByTestId("reader-timeline").getByTestId("visit-link");
  await expect(visitLink).toHaveText("via Beta — Bob");
  await visitLink.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/documents/${code}/links/${links.bob}$`));
  await page.context().close();
});

test("the period selector filters the link's page, and the document page's period carries over to it", async ({ browser }) => {
  const annLink = await db.link.findUniqueOrThrow({ where: { code: links.ann } });
  const docId = (await db.document.findUniqueOrThrow({ where: { code } })).id;
  const longAgo = new Date(Date.now() - 40 * DAY);
  await addViewer(docId, {
    email: "early@acme.com",
    leadAt: longAgo,
    leadLinkId: annLink.id,
    visits: [{ startedAt: longAgo, pages: [[1, 8]], downloaded: true, linkId: annLink.id }],
  });
  await recomputeAggregates([docId]);

  const page = await signedIn(browser, owner);
  await page.goto(`/documents/${code}/links/${links.ann}`);
  await expect(page.getByTestId("period-summary")).toContainText("All time");
  expect(await statValue(page, "Views").textContent()).toBe("2");
  await expect(viewers(page).getByTestId("reader-row")).toHaveCount(2);
  await expect(page.getByTestId("leads-table").locator("tbody tr")).toHaveCount(2);
  await expect(page.getByTestId("downloads-table").locator("tbody tr")).toHaveCount(2);

  await page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "7 days" }).click();
  await expect(page).toHaveURL(new RegExp(`/documents/${code}/links/${links.ann}\\?period=7d$`));
  await expect(page.getByTestId("period-summary")).toContainText("Last 7 days");
  await expect(statValue(page, "Views")).toHaveText("1");
  expect(await statValue(page, "Downloads").textContent()).toBe("1");
  expect(await statValue(page, "Leads").textContent()).toBe("1");
  await expect(viewers(page).getByTestId("reader-row")).toHaveCount(1);
  await expect(viewers(page)).toContainText("ann@acme.com");
  await expect(page.getByText("early@acme.com")).toHaveCount(0);

  // From the document page in a period, a row opens the link's page in the same period.
  await page.goto(`/documents/${code}?period=30d`);
  await linkRow(page, "Acme — Ann").getByRole("link", { name: "Acme — Ann" }).click();
  await expect(page).toHaveURL(new RegExp(`/documents/${code}/links/${links.ann}\\?period=30d$`));
  await expect(page.getByTestId("period-summary")).toContainText("Last 30 days");
  await expect(statValue(page, "Views")).toHaveText("1");
  await page.context().close();
});

test("a link nobody opened says so in every section, on a desktop and a phone", async ({ browser }) => {
  for (const [name, viewport] of [
    ["desktop", { width: 1440, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    const page = await signedIn(browser, owner, { viewport, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
    await page.goto(`/documents/${code}/links/${links.cold}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cold — Carol");
    await expect(page.getByTestId("link-empty")).toContainText("Nobody has opened this link yet.");
    expect(await statValue(page, "Views").textContent()).toBe("0");
    await expect(page.getByText("No visits in this period yet.")).toBeVisible();
    await expect(viewers(page)).toHaveCount(0);
    await expect(page.getByText("No leads through this link yet.")).toBeVisible();
    await expect(page.getByText("Nobody has downloaded the file through this link yet.")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`link-page-empty-${name}.png`), fullPage: true });
    await page.context().close();
  }
});

test("a link page is 404 for another document's link, another account and an unknown code", async ({ browser, request }) => {
  const other = await uploadOk(request, owner, { pages: 1, fields: { title: "Other deck" } });
  const page = await signedIn(browser, owner);
  for (const path of [`/documents/${other.short_code.slice(2)}/links/${links.ann}`, `/documents/${code}/links/zzzzzzzzzz`]) {
    expect((await page.goto(path))?.status()).toBe(404);
    await expect(page.getByText("ann@acme.com")).toHaveCount(0);
  }
  await page.context().close();

  const stranger = await signedIn(browser, await newAccount("stranger"));
  expect((await stranger.goto(`/documents/${code}/links/${links.ann}`))?.status()).toBe(404);
  await expect(stranger.getByText("ann@acme.com")).toHaveCount(0);
  await stranger.context().close();
});
