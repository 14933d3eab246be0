import { randomBytes } from "node:crypto";
import { expect, type Page, request as playwrightRequest, test } from "@playwright/test";
import { E2E_URL } from "../playwright.config";
import { samplePdf } from "../scripts/lib/sample-pdf";
import { newAccount } from "../test/support/playwright/accounts";
import { axeViolations } from "../test/support/playwright/axe";
import { db } from "../test/support/playwright/database";
import { horizontalOverflow } from "../test/support/playwright/overflow";
import { PHONE } from "../test/support/playwright/showcase";
import { screenOf, signedIn } from "../test/support/playwright/sign-in";
import { uploadOk } from "../test/support/playwright/upload";

/**
 * The document page's reading funnel after a new version (issue 40, item 13): the figures count
 * every version, the funnel one version's pages, so it names the one it shows and offers the
 * others, by keyboard, in the URL.
 */
test.describe.configure({ timeout: 90_000 });

/** One reader in their own browser sending one beacon of `version` through the real track route. */
async function read(code: string, version: number, pages: number[]) {
  const reader = await playwrightRequest.newContext({ baseURL: E2E_URL });
  try {
    const response = await reader.post(`/s/${code}/track`, {
      headers: { Origin: E2E_URL },
      data: { batch_id: `b_${randomBytes(8).toString("hex")}`, version, pages: pages.map((page) => ({ page, seconds: 3 })) },
    });
    expect(response.status(), await response.text()).toBe(200);
  } finally {
    await reader.dispose();
  }
}

const views = (page: Page) => page.locator("dt", { hasText: /^Views$/ }).locator("+ dd");
const funnelRows = (page: Page) =>
  page
    .getByTestId("funnel-table")
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((row) => Number(row.querySelector("td")!.textContent)));

test("after a new version the funnel names the version it shows, and the owner picks the earlier one by keyboard into a linkable URL", async ({
  browser,
  request,
}) => {
  const owner = await newAccount("funnel-versions");
  const doc = await uploadOk(request, owner, { pages: 4, fields: { title: "Two versions", email_gate: "false" } });
  const code = doc.short_code.slice(2);
  await read(code, 1, [1, 2, 3, 4]);
  await read(code, 1, [1]);
  const second = await request.post(`/api/v1/documents/${doc.short_code}/versions`, {
    headers: owner.auth,
    multipart: { file: { name: "v2.pdf", mimeType: "application/pdf", buffer: await samplePdf(2, "Two versions v2") } },
  });
  expect(second.status(), await second.text()).toBe(201);
  await read(code, 2, [1, 2]);
  // Beacons are rolled up after their answer: wait for the three visits' page rows.
  await expect.poll(() => db.pageTime.count({ where: { documentId: doc.id } })).toBe(7);

  const page = await signedIn(browser, owner);
  await page.goto(`/documents/${code}`);
  await expect(views(page)).toHaveText("3");
  const picker = page.getByRole("combobox", { name: "Version shown in the funnel" });
  await expect(picker).toHaveValue("2");
  await expect(picker.locator("option:checked")).toHaveText("Version 2 (current) · 2 pages");
  await expect(picker.locator("option")).toHaveText(["Version 2 (current) · 2 pages", "Version 1 · 4 pages"]);
  await expect(page.getByRole("table", { name: "Reading funnel of Version 2 (current) · 2 pages" })).toBeAttached();
  expect(await funnelRows(page)).toEqual([1, 1]);
  expect(await axeViolations(page, '[data-testid="funnel-version"]')).toEqual([]);

  await picker.focus();
  await page.keyboard.press("ArrowDown");
  await expect(picker).toHaveValue("1");
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("funnel-version").getByRole("button", { name: "Show", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]version=1(&|$)/);
  await expect(page.getByRole("table", { name: "Reading funnel of Version 1 · 4 pages" })).toBeAttached();
  expect(await funnelRows(page)).toEqual([2, 1, 1, 1]);
  // The figures above still count every version.
  await expect(views(page)).toHaveText("3");
  await page
    .locator("section", { has: page.getByRole("heading", { name: "Reading funnel" }) })
    .screenshot({ path: test.info().outputPath("funnel-version-1.png") });

  // Another period keeps the version, and the URL alone brings it back.
  await page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "7 days" }).click();
  await expect(page).toHaveURL(/period=7d/);
  await expect(page).toHaveURL(/[?&]version=1(&|$)/);
  await page.goto(`/documents/${code}?version=1`);
  await expect(picker).toHaveValue("1");
  expect(await funnelRows(page)).toEqual([2, 1, 1, 1]);
  await page.context().close();

  const phone = await signedIn(browser, owner, screenOf(PHONE));
  await phone.goto(`/documents/${code}?version=1`);
  await expect(phone.getByRole("combobox", { name: "Version shown in the funnel" })).toBeVisible();
  const { scrollWidth, outside } = await horizontalOverflow(phone);
  expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
  expect(outside).toEqual([]);
  await phone.context().close();
});
