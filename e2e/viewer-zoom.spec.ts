import { expect, type Locator, type Page, test } from "@playwright/test";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { type DocumentBody, uploadOk } from "../test/support/playwright/upload";

/** The reader's zoom (issue 13): anchored on a point, never changing the page, both edges reachable. */
test.use({ viewport: { width: 1440, height: 900 } });

let account: Account;
let twelvePages: DocumentBody;
test.beforeAll(async ({ playwright, baseURL }) => {
  account = await newAccount("zoom");
  const request = await playwright.request.newContext({ baseURL });
  twelvePages = await uploadOk(request, account, { pages: 12, fields: { email_gate: "false", title: "Twelve pages" } });
  await request.dispose();
});

const linkOf = (doc: DocumentBody) => `/s/${doc.short_code.slice(2)}`;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });
}

async function open(page: Page) {
  await page.goto(linkOf(twelvePages));
  await expect(page.getByTestId("pdf-page-1")).toHaveAttribute("data-rendered", "true", { timeout: 20_000 });
}

async function zoomTo(page: Page, percent: string) {
  const level = page.getByTestId("zoom-level");
  for (let clicks = 0; (await level.textContent()) !== percent; clicks++) {
    expect(clicks, `reaching ${percent}`).toBeLessThan(8);
    const [current, wanted] = [parseInt((await level.textContent())!), parseInt(percent)];
    await page.getByRole("button", { name: current < wanted ? "Zoom in" : "Zoom out" }).click();
  }
}

const box = async (locator: Locator) => (await locator.boundingBox())!;
/** The scroll container's visible box (its client area, without scrollbars). */
const clientBox = (main: Locator) =>
  main.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { x: rect.left + element.clientLeft, y: rect.top + element.clientTop, width: element.clientWidth, height: element.clientHeight };
  });
const scrollOf = (main: Locator) =>
  main.evaluate((element) => ({ left: element.scrollLeft, top: element.scrollTop, maxLeft: element.scrollWidth - element.clientWidth }));

test("the document is the page's one <main> landmark, the toolbar stays outside it", async ({ page }) => {
  await open(page);
  const main = page.getByRole("main");
  await expect(main).toHaveCount(1);
  await expect(main.getByTestId("pdf-page-1")).toBeVisible();
  await expect(main.getByRole("button", { name: "Zoom in" })).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("group", { name: "Zoom" })).toBeVisible();
});

test("at 200 % both edges of a page can be reached by scrolling sideways", async ({ page }) => {
  await open(page);
  await zoomTo(page, "200%");
  const main = page.getByRole("main");
  const pageOne = page.getByTestId("pdf-page-1");
  const view = await clientBox(main);
  expect((await box(pageOne)).width).toBeGreaterThan(view.width);

  await main.evaluate((element) => (element.scrollLeft = 0));
  expect((await scrollOf(main)).left).toBe(0);
  const atLeft = await box(pageOne);
  expect(atLeft.x).toBeGreaterThanOrEqual(view.x);
  expect(atLeft.x).toBeLessThan(view.x + 40);
  await shot(page, "zoom-200-left-edge-desktop");

  await main.evaluate((element) => (element.scrollLeft = element.scrollWidth));
  const atRight = await box(pageOne);
  expect(atRight.x + atRight.width).toBeLessThanOrEqual(view.x + view.width);
  expect(atRight.x + atRight.width).toBeGreaterThan(view.x + view.width - 40);
  await shot(page, "zoom-200-right-edge-desktop");
});

test("zooming in and out keeps the current page, on page 5 and on the last page", async ({ page }) => {
  await open(page);
  const indicator = page.getByTestId("page-indicator");
  for (let n = 0; n < 4; n++) await page.getByRole("button", { name: "Next page" }).click();
  await expect(indicator).toHaveText("5 / 12");
  for (const percent of ["125%", "150%", "200%", "300%", "200%", "100%", "75%", "50%", "100%"]) {
    await zoomTo(page, percent);
    await expect(indicator, `at ${percent}`).toHaveText("5 / 12");
  }
  for (const fit of ["Fit page", "Fit width"]) {
    await page.getByRole("button", { name: fit }).click();
    await expect(indicator, fit).toHaveText("5 / 12");
  }
  await page.keyboard.press("-");
  await page.keyboard.press("-");
  await expect(indicator).toHaveText("5 / 12");
  await page.keyboard.press("+");
  await page.keyboard.press("0");
  await expect(page.getByRole("button", { name: "Fit width" })).toHaveAttribute("aria-pressed", "true");
  await expect(indicator).toHaveText("5 / 12");

  await page.keyboard.press("End");
  await expect(indicator).toHaveText("12 / 12");
  for (const percent of ["50%", "200%", "75%"]) {
    await zoomTo(page, percent);
    await expect(indicator, `at ${percent}`).toHaveText("12 / 12");
  }
  await shot(page, "zoom-75-last-page-desktop");
});

test("ctrl + wheel zooms the document around the point under the pointer, not the whole page", async ({ page }) => {
  await open(page);
  const pageTwo = page.getByTestId("pdf-page-2");
  const level = page.getByTestId("zoom-level");
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page.getByTestId("page-indicator")).toHaveText("2 / 12");

  /** Zooms in by one wheel notch with the pointer over page 2; answers how far the page's point under it moved (x, y). */
  const wheelZoomAt = async (pointer: { x: number; y: number }) => {
    const before = await box(pageTwo);
    const at = { x: (pointer.x - before.x) / before.width, y: (pointer.y - before.y) / before.height };
    expect(at.y, "the pointer is over page 2").toBeGreaterThan(0);
    expect(at.y).toBeLessThan(1);
    const levelBefore = await level.textContent();
    await page.mouse.move(pointer.x, pointer.y);
    await page.keyboard.down("Control");
    await page.mouse.wheel(0, -200);
    await page.keyboard.up("Control");
    await expect(level).not.toHaveText(levelBefore!);
    const after = await box(pageTwo);
    expect(after.width).toBeGreaterThan(before.width * 1.1);
    return { x: Math.abs(after.x + at.x * after.width - pointer.x), y: Math.abs(after.y + at.y * after.height - pointer.y) };
  };

  // A page narrower than the screen stays centred, so only the vertical position can be kept.
  const start = await box(pageTwo);
  expect((await wheelZoomAt({ x: start.x + start.width * 0.3, y: start.y + 300 })).y).toBeLessThan(4);
  await zoomTo(page, "200%");
  const moved = await wheelZoomAt({ x: 500, y: 480 });
  expect(moved.x).toBeLessThan(4);
  expect(moved.y).toBeLessThan(4);
  expect(await page.evaluate(() => window.visualViewport?.scale)).toBe(1);
  await expect(page.getByTestId("page-indicator")).toHaveText("2 / 12");
  await shot(page, "zoom-ctrl-wheel-desktop");
});

test("arrow keys turn pages at 100 % and pan a page zoomed wider than the screen", async ({ page }) => {
  await open(page);
  const indicator = page.getByTestId("page-indicator");
  const main = page.getByRole("main");
  await page.keyboard.press("ArrowRight");
  await expect(indicator).toHaveText("2 / 12");
  await page.keyboard.press("ArrowLeft");
  await expect(indicator).toHaveText("1 / 12");

  await zoomTo(page, "200%");
  const start = await scrollOf(main);
  expect(start.left).toBeGreaterThan(0);
  await page.keyboard.press("ArrowRight");
  await expect.poll(async () => (await scrollOf(main)).left).toBeGreaterThan(start.left);
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect.poll(async () => (await scrollOf(main)).left).toBeLessThan(start.left);
  await page.keyboard.press("ArrowDown");
  await expect.poll(async () => (await scrollOf(main)).top).toBeGreaterThan(start.top);
  await expect(indicator).toHaveText("1 / 12");
  await page.keyboard.press("PageDown");
  await expect(indicator).toHaveText("2 / 12");
});

test("fit width fills the column; fit page shows the whole page", async ({ page }) => {
  await open(page);
  const main = page.getByRole("main");
  const pageOne = page.getByTestId("pdf-page-1");
  const view = await clientBox(main);

  await page.getByRole("button", { name: "Fit width" }).click();
  await expect(page.getByRole("button", { name: "Fit width" })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(async () => (await box(pageOne)).width).toBeCloseTo(view.width - 24, 0);
  expect((await scrollOf(main)).maxLeft).toBe(0);

  await page.getByRole("button", { name: "Fit page" }).click();
  await expect(page.getByRole("button", { name: "Fit page" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: "Fit width" })).toHaveAttribute("aria-pressed", "false");
  await expect.poll(async () => (await box(pageOne)).height).toBeCloseTo(view.height - 48, 0);
  const whole = await box(pageOne);
  expect(whole.y).toBeGreaterThanOrEqual(view.y);
  expect(whole.y + whole.height).toBeLessThanOrEqual(view.y + view.height);
  await expect(pageOne).toHaveAttribute("data-rendered", "true");
  await shot(page, "zoom-fit-page-desktop");
});

test("on a phone, a two-finger pinch zooms the document around the fingers, not the page", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await open(page);
  await expect(page.getByRole("main")).toHaveCount(1);
  const pageOne = page.getByTestId("pdf-page-1");
  const header = await box(page.getByRole("banner"));
  const before = await box(pageOne);
  await shot(page, "zoom-phone-before-pinch");

  const cdp = await context.newCDPSession(page);
  const centre = { x: 195, y: 400 };
  const fingers = (spread: number) => [
    { x: centre.x - spread / 2, y: centre.y, id: 0 },
    { x: centre.x + spread / 2, y: centre.y, id: 1 },
  ];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingers(100) });
  for (let spread = 110; spread <= 200; spread += 10)
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: fingers(spread) });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });

  // Fingers from 100 to 200 px apart: twice the size. On a starved machine Chrome may deliver the
  // moves late or merge them; what must hold is that the pinch zoomed in, never past the fingers' spread.
  const settledRatio = async () => {
    const width = (await box(pageOne)).width;
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    return (await box(pageOne)).width === width ? width / before.width : 0;
  };
  await expect.poll(settledRatio).toBeGreaterThan(1.2);
  expect(await settledRatio()).toBeLessThanOrEqual(2.05);
  expect(await page.evaluate(() => window.visualViewport?.scale)).toBe(1);
  expect((await box(page.getByRole("banner"))).width).toBe(header.width);
  // The point between the fingers stayed between them.
  const after = await box(pageOne);
  const at = (centre.x - before.x) / before.width;
  expect(Math.abs(after.x + at * after.width - centre.x)).toBeLessThan(4);
  await expect(page.getByTestId("page-indicator")).toHaveText("1 / 12");
  await expect(pageOne).toHaveAttribute("data-rendered", "true");
  await shot(page, "zoom-phone-after-pinch");
  await context.close();
});
