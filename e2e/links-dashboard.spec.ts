import { type Browser, expect, type Page, test } from "@playwright/test";
import { recomputeAggregates } from "../lib/analytics/recompute-aggregates";
import { addViewer } from "../scripts/lib/activity";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { db } from "../test/support/playwright/database";
import { uploadOk } from "../test/support/playwright/upload";
import { screenOf, signedIn as signedInWith } from "../test/support/playwright/sign-in";

test.describe.configure({ mode: "serial", timeout: 90_000 });

const SIZES = [
  ["desktop", { width: 1440, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const;

// UTC: the expiry typed below is read on the browser's clock.
const signedIn = (browser: Browser, account: Account, viewport: { width: number; height: number } = SIZES[0][1]) =>
  signedInWith(browser, account, { ...screenOf(viewport), timezoneId: "UTC" });

const linksCard = (page: Page) => page.getByTestId("links-table");
const row = (page: Page, name: string) => linksCard(page).locator("tr", { has: page.getByRole("rowheader", { name: new RegExp(name) }) });

let owner: Account;
let code = "";
test.beforeAll(async ({ request }) => {
  owner = await newAccount();
  code = (await uploadOk(request, owner, { pages: 4 })).short_code.slice(2);
});

test("the Links section shows the default link and an empty state, then creates, edits, disables and deletes a link", async ({
  browser,
}) => {
  const page = await signedIn(browser, owner);
  await page.goto(`/documents/${code}`);
  await expect(row(page, "Default link")).toContainText("Active");
  await expect(page.getByText("No links yet — create one per recipient.")).toBeVisible();

  await page.getByRole("button", { name: "New link" }).click();
  const dialog = page.getByRole("dialog", { name: "New link" });
  await dialog.getByLabel("Name").fill("Sequoia — Jane");
  await dialog.getByLabel("Downloads").selectOption("off");
  await dialog.getByLabel("Expiry", { exact: true }).selectOption("at");
  await dialog.getByLabel("Expiry date and time (your local time)").fill("2030-01-01T12:00");
  await page.screenshot({ path: test.info().outputPath("links-dialog-desktop.png") });
  await dialog.getByRole("button", { name: "Create link" }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, "Sequoia — Jane")).toContainText("Active");
  await expect(page.getByText("No links yet")).toBeHidden();
  const link = await db.link.findFirstOrThrow({ where: { name: "Sequoia — Jane", document: { code } } });
  expect(link.overrides).toEqual({ allow_download: false, expires_at: "2030-01-01T12:00:00.000Z" });
  await expect(row(page, "Sequoia — Jane")).toContainText(`/s/${link.code}`);
  await page.screenshot({ path: test.info().outputPath("links-desktop.png"), fullPage: true });

  // A refused value is shown on its field and nothing changes.
  await row(page, "Sequoia — Jane").getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: /Edit “Sequoia — Jane”/ });
  await edit.getByText("More rules").click();
  await edit.getByLabel("Allow only").fill("not an email");
  await edit.getByRole("button", { name: "Save link" }).click();
  await expect(edit.getByLabel("Allow only")).toHaveAttribute("aria-invalid", "true");
  await edit.getByLabel("Allow only").fill("sequoia.com");
  await edit.getByLabel("Name").fill("Sequoia — Jane (partners)");
  await edit.getByRole("button", { name: "Save link" }).click();
  await expect(edit).toBeHidden();
  await expect(row(page, "Sequoia — Jane \\(partners\\)")).toBeVisible();
  expect((await db.link.findUniqueOrThrow({ where: { id: link.id } })).overrides).toMatchObject({
    allow: ["sequoia.com"],
    allow_download: false,
  });

  await row(page, "partners").getByRole("button", { name: "Disable" }).click();
  await expect(row(page, "partners")).toContainText("Disabled");
  await row(page, "partners").getByRole("button", { name: "Enable" }).click();
  await expect(row(page, "partners")).toContainText("Active");

  await row(page, "partners").getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete link" }).click();
  await expect(row(page, "partners")).toHaveCount(0);
  await expect(page.getByText("No links yet — create one per recipient.")).toBeVisible();
  expect((await db.link.findUniqueOrThrow({ where: { id: link.id } })).deletedAt).not.toBeNull();
});

test("each link shows its own figures, and the section fits a phone", async ({ browser, request }) => {
  const created = await request.post(`/api/v1/documents/s-${code}/links`, { headers: owner.auth, data: { name: "Acme — Bob" } });
  const link = await created.json();
  const doc = await db.document.findUniqueOrThrow({ where: { code } });
  const linkId = (await db.link.findUniqueOrThrow({ where: { code: link.code } })).id;
  await addViewer(doc.id, { visits: [1, 2].map(() => ({ startedAt: new Date(), linkId, pages: [[1, 3]] as Array<[number, number]> })) });
  await recomputeAggregates([doc.id]);
  for (const [name, viewport] of SIZES) {
    const page = await signedIn(browser, owner, viewport);
    await page.goto(`/documents/${code}`);
    const cells = row(page, "Acme — Bob").locator("td");
    await expect(cells.nth(1)).toHaveText("2");
    await expect(row(page, "Default link").locator("td").nth(1)).toHaveText("0");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`links-figures-${name}.png`), fullPage: true });
    await page.context().close();
  }
});
