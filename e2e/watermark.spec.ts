import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { db } from "../test/support/playwright/database";
import { type DocumentBody, uploadOk } from "../test/support/playwright/upload";
import { shownStrings } from "../test/support/pdf-page-text";
import { ownClientAddress } from "../test/support/playwright/client-address";

const TEMPLATE = "Confidential · {email} · {date} · {ip}";
const VIEWPORTS = [
  ["desktop", { width: 1440, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const;

let account: Account;
test.beforeAll(async () => {
  account = await newAccount("watermark");
});

const linkOf = (doc: DocumentBody) => `/s/${doc.short_code.slice(2)}`;
const today = () => new Date().toISOString().slice(0, 10);

async function shot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });
}

/** A document whose watermark is set in the database (the API's field is another part of issue 15). */
async function watermarked(page: Page, fields: Record<string, string>) {
  const doc = await uploadOk(page.request, account, { pages: 3, fields });
  await db.document.update({ where: { id: doc.id }, data: { watermark: TEMPLATE } });
  return doc;
}

async function pageRendered(page: Page, n: number) {
  await expect(page.getByTestId(`pdf-page-${n}`)).toHaveAttribute("data-rendered", "true", { timeout: 20_000 });
}

test("the viewer draws the reader's watermark over every page, with the email once the gate is passed", async ({ page }) => {
  const doc = await watermarked(page, { gate_page: "2", title: "Watermarked deck" });
  await page.goto(linkOf(doc));
  await pageRendered(page, 1);
  const mark = page.getByTestId("pdf-page-1").getByTestId("watermark");
  await expect(mark).toContainText(`Confidential · anonymous · ${today()} · `);

  await page.getByLabel("Email").fill("Jane@Acme.com");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("email-gate")).toHaveCount(0, { timeout: 15_000 });
  await expect(mark).toContainText(`Confidential · jane@acme.com · ${today()} · `);
  await pageRendered(page, 2);
  await expect(page.getByTestId("pdf-page-2").getByTestId("watermark")).toContainText("jane@acme.com");

  // Over the page, yet transparent to the pointer: what lies under it is the page itself.
  await page.keyboard.press("Home");
  await expect(page.getByTestId("page-indicator")).toHaveText("1 / 3");
  expect(await mark.evaluate((svg) => getComputedStyle(svg).pointerEvents)).toBe("none");
  const box = (await page.getByTestId("pdf-page-1").boundingBox())!;
  const underPointer = await page.evaluate(
    ([x, y]) => {
      const element = document.elementFromPoint(x!, y!);
      return { inWatermark: !!element?.closest("[data-testid=watermark]"), inPage: !!element?.closest("[data-testid=pdf-page-1]") };
    },
    [box.x + 60, box.y + box.height * 0.2],
  );
  expect(underPointer).toEqual({ inWatermark: false, inPage: true });

  // The page's text can still be selected through the watermark.
  const line = page.getByTestId("pdf-page-1").getByTestId("text-layer").locator("span", { hasText: "Page 1 of 3" });
  await line.dblclick();
  await expect.poll(() => page.evaluate(() => window.getSelection()?.toString() ?? "")).not.toBe("");

  for (const [name, size] of VIEWPORTS) {
    await page.setViewportSize(size);
    await page.keyboard.press("Home");
    await pageRendered(page, 1);
    await shot(page, `watermark-viewer-${name}`);
  }
});

test("a download carries the reader's watermark in every page's content", async ({ page }) => {
  const doc = await watermarked(page, { gate_type: "full", title: "Watermarked download" });
  await page.goto(linkOf(doc));
  await page.getByLabel("Email").fill("jane@acme.com");
  await page.getByRole("button", { name: "Continue" }).click();
  await pageRendered(page, 1);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download" }).click()]);
  const bytes = await readFile((await download.path())!);
  const pages = await shownStrings(bytes);
  expect(pages).toHaveLength(3);
  for (const [index, strings] of pages.entries()) {
    expect(
      strings.some((s) => s.startsWith(`Confidential · jane@acme.com · ${today()} · `)),
      `page ${index + 1}`,
    ).toBe(true);
  }
  const stored = await db.document.findUniqueOrThrow({ where: { id: doc.id } });
  expect(stored.downloads).toBe(1);
});

test("the document's settings group the access rules, with a live count of each list", async ({ page }) => {
  const doc = await uploadOk(page.request, account, { pages: 3, fields: { title: "Rules deck" } });
  await ownClientAddress(page);
  await page.goto("/sign-in");
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/documents/);
  await page.goto(`/documents/${doc.short_code.slice(2)}`);

  const rules = page.getByRole("group", { name: "Access rules" });
  await expect(rules).toBeVisible();
  await expect(rules.getByLabel("Link expires (your local time)")).toHaveValue("");
  await expect(rules.getByLabel("Verify readers' emails")).not.toBeChecked();
  await rules.getByLabel("Only these readers").fill("acme.com\njane@partner.io\nACME.com\n");
  await expect(page.getByTestId("allow-count")).toHaveText("2 of 500");
  await expect(rules.getByText("{email}: the reader's email")).toBeVisible();

  for (const [name, size] of VIEWPORTS) {
    await page.setViewportSize(size);
    await rules.scrollIntoViewIfNeeded();
    await shot(page, `access-rules-${name}`);
  }
});
