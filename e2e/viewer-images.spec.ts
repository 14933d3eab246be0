import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { samplePdf } from "../scripts/lib/sample-pdf";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { uploadOk } from "../test/support/playwright/upload";

/**
 * The reader's viewer is built on the server's page images: a reader of a downloads-off document
 * never receives the original, however far they read, zoom or select; with downloads allowed the
 * download is the original, byte for byte.
 */
let account: Account;
test.beforeAll(async () => {
  account = await newAccount("viewer-images");
});

const pageRendered = (page: Page, n: number) =>
  expect(page.getByTestId(`pdf-page-${n}`)).toHaveAttribute("data-rendered", "true", { timeout: 20_000 });

// A request still in flight when a test ends (a wider image asked for by the last zoom) must not fail the next one.
test.afterEach(({ page }) => page.unrouteAll({ behavior: "ignoreErrors" }));

/**
 * Every response the page gets from the app, with its body (bodies the browser drops, as for an
 * aborted image, are fetched again through a route); `settled` waits until none is in flight.
 */
async function recordResponses(page: Page, baseURL: string) {
  const received: Array<{ url: string; status: number; body: Buffer }> = [];
  let inFlight = 0;
  await page.route(
    (url) => url.href.startsWith(baseURL),
    async (route) => {
      inFlight++;
      try {
        const response = await route.fetch();
        const body = await response.body();
        received.push({ url: route.request().url(), status: response.status(), body });
        await route.fulfill({ response, body });
      } finally {
        inFlight--;
      }
    },
  );
  const settled = () => expect.poll(() => inFlight, { timeout: 30_000 }).toBe(0);
  return Object.assign(received, { settled });
}

test("a reader of a downloads-off document gets page images, never the original: gate passed, every page read, zoomed in, text selected", async ({
  page,
  baseURL,
}) => {
  const pages = 4;
  const doc = await uploadOk(page.context().request, account, { pages, fields: { gate_page: "3", allow_download: "false" } });
  const received = await recordResponses(page, baseURL!);

  await page.goto(`/s/${doc.short_code.slice(2)}`);
  await pageRendered(page, 2);
  await page.getByLabel("Email").fill("reader@initech.com");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId(`pdf-page-${pages}`)).toHaveCount(1, { timeout: 15_000 });
  for (let n = 1; n <= pages; n++) {
    await page.getByTestId(`pdf-page-${n}`).scrollIntoViewIfNeeded();
    await pageRendered(page, n);
  }
  const image = page.getByTestId("pdf-page-1").locator("img");
  await expect(image).toHaveAttribute("srcset", /w=640 640w, .*w=1280 1280w, .*w=2048 2048w/);
  for (let i = 0; i < 3; i++) await page.getByRole("button", { name: "Zoom in" }).click();
  await page.getByTestId("pdf-page-1").scrollIntoViewIfNeeded();
  await pageRendered(page, 1);
  const box = (await page.getByTestId("pdf-page-1").boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.1);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.3, { steps: 5 });
  await page.mouse.up();
  await page.keyboard.press("ControlOrMeta+a");
  await received.settled();

  expect(received.length).toBeGreaterThan(0);
  expect(received.filter((r) => r.url.includes("/pages/")).length).toBeGreaterThanOrEqual(pages);
  expect(received.filter((r) => new URL(r.url).pathname.endsWith("/file")).map((r) => r.url)).toEqual([]);
  expect(received.filter((r) => r.body.subarray(0, 4).toString("latin1") === "%PDF").map((r) => r.url)).toEqual([]);
  // The file route itself refuses this reader, whatever the variant or range.
  for (const variant of ["full", "preview"]) {
    const refused = await page.request.get(`/s/${doc.short_code.slice(2)}/file?v=${variant}`, { headers: { Range: "bytes=0-99" } });
    expect(refused.status(), variant).toBe(403);
    expect((await refused.json()).error.code).toBe("forbidden");
  }
});

test("with downloads allowed, the download is the original byte for byte, and reading never needed the file", async ({ page, baseURL }) => {
  const original = await samplePdf(3, "Original deck");
  const doc = await uploadOk(page.context().request, account, { bytes: original, fields: { email_gate: "false" } });
  const received = await recordResponses(page, baseURL!);
  await page.goto(`/s/${doc.short_code.slice(2)}`);
  await pageRendered(page, 1);
  await page.keyboard.press("End");
  await pageRendered(page, 3);
  await received.settled();
  expect(received.filter((r) => new URL(r.url).pathname.endsWith("/file")).map((r) => r.url)).toEqual([]);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download" }).click()]);
  expect(Buffer.compare(await readFile((await download.path())!), original)).toBe(0);
});

test("links in the link layer go where they point, and the text layer is found by the browser's find", async ({ page }) => {
  const doc = await uploadOk(page.context().request, account, { pages: 3, fields: { email_gate: "false" } });
  await page.goto(`/s/${doc.short_code.slice(2)}`);
  await pageRendered(page, 1);
  // The server's layers (issue 41, the server part) hold the page's text: the sample's pages say "Page n of 3".
  const text = page.getByTestId("pdf-page-2").getByTestId("text-layer");
  await page.getByTestId("pdf-page-2").scrollIntoViewIfNeeded();
  await pageRendered(page, 2);
  await expect(text).toContainText("Page 2 of 3");
  expect(await page.evaluate(() => (window as unknown as { find: (s: string) => boolean }).find("Page 2 of 3"))).toBe(true);
  await expect(page.getByTestId("pdf-page-2")).toHaveAttribute("data-links", "ready");
});
