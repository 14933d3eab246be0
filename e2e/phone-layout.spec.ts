import { expect, type Locator, type Page, test } from "@playwright/test";
import { horizontalOverflow as overflow } from "../test/support/playwright/overflow";
import { PHONE, type Showcase, seedShowcase, signedIn } from "../test/support/playwright/showcase";

/**
 * The dashboard and the viewer on a 390 × 844 phone (issue 24): the navigation is in reach, tables
 * keep their key columns or scroll inside a focusable frame, and the viewer has zoom and fit
 * buttons. That no dashboard page is wider than the screen is checked page by page in
 * e2e/accessibility.spec.ts's phone sweep, beside axe.
 */
test.describe.configure({ timeout: 120_000 });

let showcase: Showcase;
test.beforeAll(async ({ request }) => {
  showcase = await seedShowcase(request);
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

const box = async (locator: Locator) => (await locator.boundingBox())!;

/** Whether the element's box lies wholly inside the screen once scrolled to (a phone scrolls down, never sideways). */
const onScreen = async (page: Page, locator: Locator) => {
  await locator.scrollIntoViewIfNeeded();
  const { x, y, width, height } = await box(locator);
  const size = page.viewportSize()!;
  return x >= 0 && y >= 0 && x + width <= size.width && y + height <= size.height;
};

test("on a phone the Menu button opens the navigation, and every item in it can be reached and followed", async ({ browser }) => {
  const page = await signedIn(browser, showcase.owner, PHONE);
  const menu = page.getByRole("button", { name: "Menu" });
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeHidden();
  await expect(menu).toHaveAttribute("aria-expanded", "false");

  const items = [
    ["Overview", "/overview"],
    ["Documents", "/documents"],
    ["API keys", "/settings/api-keys"],
    ["Webhook", "/settings/webhook"],
    ["Notifications", "/settings/notifications"],
    ["Account", "/settings/account"],
    ["Invitations", "/settings/invitations"],
    ["Audit log", "/settings/audit-log"],
  ] as const;
  for (const [label, path] of items) {
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    const item = nav.getByRole("link", { name: label });
    expect(await onScreen(page, item), `${label} is on screen`).toBe(true);
    if (label === "Invitations") await shot(page, "phone-menu-open");
    await item.click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(nav, `the menu closes after ${label}`).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }

  // Escape closes it and gives the focus back to the button; Sign out and Sign out everywhere are in it too.
  await menu.click();
  for (const name of ["Sign out", "Sign out everywhere"]) {
    const button = page.getByRole("button", { name, exact: true });
    expect(await onScreen(page, button), `${name} is on screen`).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();
});

test("on a phone each document is a card with its views, leads and engagement on screen; wider tables scroll inside a focusable frame", async ({
  browser,
}) => {
  const page = await signedIn(browser, showcase.owner, PHONE);
  const table = page.getByRole("table", { name: "Documents" });
  const card = table.getByRole("row", { name: /Pricing sheet/ });
  await expect(card).toContainText(/8 pages · \d+ views? · [1-9]\d* leads?/);
  const badge = card.getByText(/^(Not Opened|Opened|Skimmed|Read|High Interest)$/).filter({ visible: true });
  await expect(badge).toBeVisible();
  expect(await onScreen(page, badge), "the engagement badge is on screen").toBe(true);
  expect(await onScreen(page, card.getByRole("link", { name: "Pricing sheet" }))).toBe(true);
  const longTitle = table.getByRole("link", { name: /^Quarterly board update/ });
  expect(await onScreen(page, longTitle), "a long title is shortened, not pushed off screen").toBe(true);
  await shot(page, "phone-documents-cards");

  // A table wider than the phone (the webhook's deliveries) scrolls in its own named region, which the keyboard can reach and scroll.
  await page.goto("/settings/webhook");
  const region = page.getByRole("region", { name: "Recent deliveries" });
  await expect(region).toHaveAttribute("tabindex", "0");
  const scroll = () => region.evaluate((element) => element.scrollLeft);
  expect(await scroll()).toBe(0);
  await region.focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(scroll).toBeGreaterThan(0);
  await region.evaluate((element) => (element.scrollLeft = element.scrollWidth));
  const actions = region.getByRole("button", { name: "Redeliver" }).first();
  expect(await onScreen(page, actions), "the last column can be scrolled into view").toBe(true);
});

test("the phone viewer has zoom and fit buttons on screen, and Fit page shows the current page whole after zooming and scrolling", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.goto(showcase.reader.open);
  await expect(page.getByTestId("pdf-page-1")).toHaveAttribute("data-rendered", "true", { timeout: 20_000 });
  for (const label of ["Previous page", "Next page", "Zoom out", "Zoom in", "Fit width", "Fit page"])
    expect(await onScreen(page, page.getByRole("button", { name: label })), `${label} is on screen`).toBe(true);
  expect(await onScreen(page, page.getByRole("link", { name: "Download" }))).toBe(true);
  // Two rows: the title and Download over the page and zoom controls, which share one row.
  const [next, zoomIn] = [
    await box(page.getByRole("button", { name: "Next page" })),
    await box(page.getByRole("button", { name: "Zoom in" })),
  ];
  expect(zoomIn.y).toBe(next.y);
  expect((await box(page.getByRole("banner"))).height).toBeLessThan(100);
  expect((await overflow(page)).scrollWidth).toBeLessThanOrEqual(PHONE.width);

  const main = page.getByRole("main");
  const level = page.getByTestId("zoom-level");
  await expect(level).toHaveText("100%");
  await page.getByRole("button", { name: "Zoom in" }).click();
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(level).toHaveText("150%");
  await page.getByRole("button", { name: "Zoom out" }).click();
  await expect(level).toHaveText("125%");
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(level).toHaveText("150%");

  // Scrolled to where page 3's top third is above the view and page 4 starts below it: page 3 is current but only partly shown.
  const pageThree = page.getByTestId("pdf-page-3");
  await pageThree.evaluate((element) => {
    const scroller = element.closest("main")!;
    const [page, view] = [element.getBoundingClientRect(), scroller.getBoundingClientRect()];
    scroller.scrollTop += page.top - view.top + page.height * 0.3;
    scroller.scrollLeft = scroller.scrollWidth;
  });
  await expect(page.getByTestId("page-indicator")).toHaveText("3 / 8");
  const view = await main.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { top: rect.top, left: rect.left, bottom: rect.top + element.clientHeight, right: rect.left + element.clientWidth };
  });
  const before = await box(pageThree);
  expect(before.y).toBeLessThan(view.top);
  await shot(page, "phone-viewer-zoomed-scrolled");

  await page.getByRole("button", { name: "Fit page" }).click();
  await expect(page.getByRole("button", { name: "Fit page" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("page-indicator")).toHaveText("3 / 8");
  await expect
    .poll(async () => {
      const whole = await box(pageThree);
      return whole.y >= view.top && whole.y + whole.height <= view.bottom && whole.x >= view.left && whole.x + whole.width <= view.right;
    }, "page 3 is wholly in view")
    .toBe(true);
  await expect(pageThree).toHaveAttribute("data-rendered", "true");
  await shot(page, "phone-viewer-fit-page");
  await context.close();
});
