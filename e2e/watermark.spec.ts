import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
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

/**
 * How far the page's shown image is from what the server answers this reader for it now: 0 when it
 * shows the reader's current mark. Both decoded by the browser, so equal bytes give equal pixels.
 */
async function shownImageDrift(page: Page, n: number): Promise<number> {
  return page
    .getByTestId(`pdf-page-${n}`)
    .locator("img")
    .evaluate(async (shown: HTMLImageElement) => {
      await shown.decode();
      const fresh = await createImageBitmap(await (await fetch(shown.currentSrc, { cache: "no-store" })).blob());
      const pixels = (source: CanvasImageSource) => {
        const canvas = document.createElement("canvas");
        canvas.width = fresh.width;
        canvas.height = fresh.height;
        const context = canvas.getContext("2d")!;
        context.drawImage(source, 0, 0, fresh.width, fresh.height);
        return context.getImageData(0, 0, fresh.width, fresh.height).data;
      };
      const [a, b] = [pixels(shown), pixels(fresh)];
      let drift = 0;
      for (let i = 0; i < a.length; i++) drift += Math.abs(a[i]! - b[i]!);
      return drift / a.length;
    });
}

/** The share of pixels where two images of one page differ visibly (a mark's ink is 15 %: about 38 levels on white). */
async function differingShare(a: Buffer, b: Buffer): Promise<number> {
  const raw = (image: Buffer) => sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [x, y] = await Promise.all([raw(a), raw(b)]);
  expect([x.info.width, x.info.height]).toEqual([y.info.width, y.info.height]);
  let differing = 0;
  for (let i = 0; i < x.data.length; i += 3) {
    if (Math.abs(x.data[i]! - y.data[i]!) + Math.abs(x.data[i + 1]! - y.data[i + 1]!) + Math.abs(x.data[i + 2]! - y.data[i + 2]!) > 24)
      differing++;
  }
  return differing / (x.data.length / 3);
}

const shownImageUrl = (page: Page, n: number) =>
  page
    .getByTestId(`pdf-page-${n}`)
    .locator("img")
    .evaluate((image: HTMLImageElement) => image.currentSrc);

async function passGate(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("email-gate")).toHaveCount(0, { timeout: 15_000 });
}

test("the reader's watermark is in the page images' pixels, with the email once the gate is passed; two readers' images differ", async ({
  page,
  browser,
}) => {
  const doc = await watermarked(page, { gate_page: "2", title: "Watermarked deck", allow_download: "false" });
  await page.goto(linkOf(doc));
  await pageRendered(page, 1);
  // No overlay: the mark is the image's.
  await expect(page.getByTestId("watermark")).toHaveCount(0);
  const anonymousUrl = await shownImageUrl(page, 1);
  const anonymous = await (await page.request.get(anonymousUrl)).body();

  await passGate(page, "Jane@Acme.com");
  await pageRendered(page, 2);
  await page.keyboard.press("Home");
  await pageRendered(page, 1);
  // The page read before the gate is shown again as the server marks it for Jane now, not as the anonymous reader's.
  await expect.poll(() => shownImageDrift(page, 1), { timeout: 15_000 }).toBe(0);
  const janeUrl = await shownImageUrl(page, 1);
  const jane = await (await page.request.get(janeUrl)).body();
  expect(await differingShare(jane, anonymous)).toBeGreaterThan(0);

  const other = await browser.newContext();
  const reader = await other.newPage();
  await reader.goto(linkOf(doc));
  await pageRendered(reader, 1);
  await passGate(reader, "bob@initech.com");
  await pageRendered(reader, 1);
  const bob = await (await reader.request.get(janeUrl)).body();
  expect(await differingShare(bob, jane)).toBeGreaterThan(0);

  // Against the clean image (the watermark taken off), each reader's mark covers a share of the page.
  await db.document.update({ where: { id: doc.id }, data: { watermark: null } });
  const clean = await (await page.request.get(janeUrl)).body();
  for (const [name, marked] of [
    ["jane", jane],
    ["bob", bob],
    ["anonymous", anonymous],
  ] as const) {
    expect(await differingShare(marked, clean), name).toBeGreaterThan(0.005);
  }
  await db.document.update({ where: { id: doc.id }, data: { watermark: TEMPLATE } });

  // The page's text can still be selected over the marked image.
  const line = page.getByTestId("pdf-page-1").getByTestId("text-layer").locator("span", { hasText: "Page 1 of 3" });
  await line.dblclick();
  await expect.poll(() => page.evaluate(() => window.getSelection()?.toString() ?? "")).not.toBe("");

  for (const [name, size] of VIEWPORTS) {
    await page.setViewportSize(size);
    await page.keyboard.press("Home");
    await pageRendered(page, 1);
    await shot(page, `watermark-viewer-${name}`);
  }
  await other.close();
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
