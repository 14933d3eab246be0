import { expect, type Page, test } from "@playwright/test";
import { newAccount } from "../test/support/playwright/accounts";
import { axeViolations } from "../test/support/playwright/axe";
import { horizontalOverflow } from "../test/support/playwright/overflow";
import { DESKTOP, PHONE, type Showcase, dashboardPaths, seedShowcase, signedIn } from "../test/support/playwright/showcase";
import { uploadOk } from "../test/support/playwright/upload";

/**
 * axe-core finds nothing to fix on any page an owner or a reader sees, on a desktop and on a phone
 * (issue 24): every dashboard page with data on it, the forms that open on them, the sign-in and
 * sign-up pages, every door of the viewer (email gate, password, agreement, the open document), the
 * owner's preview of their own link and the alert of a document deleted while it was open. On the
 * phone, each dashboard page is also no wider than the screen, nothing sticks out of it, and its
 * screenshot is kept.
 */
test.describe.configure({ timeout: 120_000 });

let showcase: Showcase;
test.beforeAll(async ({ request }) => {
  showcase = await seedShowcase(request);
});

const SIZES = [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const;

/**
 * Checks the page once it is still (no request for 500 ms: the viewer's near pages painted and their
 * layers placed, so axe never reads a node being replaced); every page is checked before the test
 * fails, so one run lists them all.
 */
async function expectNoViolations(page: Page, where: string) {
  await page.waitForLoadState("networkidle");
  const violations = await axeViolations(page);
  expect.soft(violations, `axe on ${where}:\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
}

/** On a phone: the page is no wider than the screen and nothing sticks out of it; its screenshot is kept either way. */
async function expectFitsPhone(page: Page, where: string) {
  const { scrollWidth, outside } = await horizontalOverflow(page);
  expect.soft(scrollWidth, `${where} is ${scrollWidth} px wide`).toBeLessThanOrEqual(PHONE.width);
  expect.soft(outside, `${where}: elements sticking out`).toEqual([]);
  await page.screenshot({ path: test.info().outputPath(`phone${where.replaceAll(/[^\w-]+/g, "-")}.png`), fullPage: true });
}

for (const [size, viewport] of SIZES) {
  test(`every dashboard page has no axe violations on a ${size}${size === "phone" ? ", and none is wider than the screen" : ""}`, async ({
    browser,
  }) => {
    const owner = await signedIn(browser, showcase.owner, viewport);
    const check = async (page: Page, where: string) => {
      await expectNoViolations(page, `${size} ${where}`);
      if (size === "phone") await expectFitsPhone(page, where);
    };
    for (const path of dashboardPaths(showcase)) {
      await visit(owner, path);
      await check(owner, path);
    }

    await visit(owner, "/documents");
    await owner.getByRole("button", { name: "Upload file" }).click();
    await expect(owner.getByRole("form", { name: "Upload a document" })).toBeVisible();
    await check(owner, "/documents with the upload form open");

    await visit(owner, `/documents/${showcase.documentCode}`);
    await owner.getByTestId("viewers-table").getByRole("button").first().click();
    await check(owner, "/documents/<code> with a reader's visits open");

    if (size === "phone") {
      await owner.getByRole("button", { name: "Menu" }).click();
      await expect(owner.getByRole("navigation", { name: "Main" })).toBeVisible();
      await expectNoViolations(owner, "phone menu open");
    }

    const newcomer = await signedIn(browser, showcase.newcomer, viewport);
    for (const path of ["/documents", "/overview"]) {
      await visit(newcomer, path);
      await check(newcomer, `${path} before the first upload`);
    }

    const onPhone = size === "phone";
    const stranger = await (await browser.newContext({ viewport, isMobile: onPhone, hasTouch: onPhone })).newPage();
    for (const path of ["/sign-in", "/sign-up", showcase.signUpPath]) {
      await visit(stranger, path);
      await check(stranger, path);
    }
  });

  test(`every viewer page a reader meets has no axe violations on a ${size}`, async ({ browser }) => {
    const reader = await (await browser.newContext({ viewport, isMobile: size === "phone", hasTouch: size === "phone" })).newPage();

    await reader.goto(showcase.reader.open);
    await expect(reader.getByTestId("pdf-page-1")).toHaveAttribute("data-rendered", "true", { timeout: 20_000 });
    await expectNoViolations(reader, `${size} open viewer`);

    await reader.goto(showcase.reader.gateAfterPreview);
    await expect(reader.getByTestId("pdf-page-1")).toHaveAttribute("data-rendered", "true", { timeout: 20_000 });
    await expect(reader.getByRole("button", { name: "Continue" })).toBeAttached();
    await expectNoViolations(reader, `${size} viewer with the email gate under the preview`);

    await reader.goto(showcase.reader.gate);
    await expect(reader.getByLabel("Email")).toBeVisible();
    await expectNoViolations(reader, `${size} email gate before any page`);

    await reader.goto(showcase.reader.password);
    await expect(reader.getByLabel("Password")).toBeVisible();
    await expectNoViolations(reader, `${size} password form`);

    await reader.goto(showcase.reader.agreement);
    await expect(reader.getByTestId("agreement")).toBeVisible();
    await expectNoViolations(reader, `${size} agreement`);

    await reader.goto("/s/nosuchcode");
    await expectNoViolations(reader, `${size} unknown link`);
  });

  test(`the owner's preview note and an open viewer's "no longer available" alert have no axe violations on a ${size}`, async ({
    browser,
    request,
  }) => {
    const owner = await signedIn(browser, showcase.owner, viewport);
    await owner.goto(showcase.reader.gate);
    await expect(owner.getByTestId("pdf-page-1")).toHaveAttribute("data-rendered", "true", { timeout: 20_000 });
    await expect(owner.getByTestId("owner-preview-note")).toBeVisible();
    await expectNoViolations(owner, `${size} owner preview`);

    // A document of its own owner, deleted while a reader has it open: the showcase stays as it is.
    const closing = await newAccount("closing");
    const doc = await uploadOk(request, closing, { pages: 3, fields: { email_gate: "false", title: "Soon gone" } });
    const reader = await (await browser.newContext({ viewport, isMobile: size === "phone", hasTouch: size === "phone" })).newPage();
    const started = reader.waitForResponse((response) => response.url().endsWith("/track") && response.status() === 200);
    await reader.goto(`/s/${doc.short_code.slice(2)}`);
    await expect(reader.getByTestId("pdf-page-1")).toHaveAttribute("data-rendered", "true", { timeout: 20_000 });
    await started;
    expect((await request.delete(`/api/v1/documents/${doc.short_code}`, { headers: closing.auth })).status()).toBe(204);
    // Said at the latest with the viewer's next periodic beacon (every ~10 s).
    await expect(reader.getByRole("alert").filter({ hasText: "This document is no longer available" })).toBeVisible({ timeout: 20_000 });
    await expectNoViolations(reader, `${size} viewer whose document was deleted while open`);
  });
}
