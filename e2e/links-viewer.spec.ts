import { type Browser, expect, type Page, test } from "@playwright/test";
import type { Prisma } from "../lib/generated/prisma/client";
import { newDocumentCode } from "../lib/ids";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { db } from "../test/support/playwright/database";
import { type DocumentBody, uploadOk } from "../test/support/playwright/upload";

let account: Account;
test.beforeAll(async () => {
  account = await newAccount("links-viewer");
});

const codeOf = (doc: DocumentBody) => doc.short_code.slice(2);

/** A link to the document, made as the links API would store it (this spec is about the viewer). */
const makeLink = (doc: DocumentBody, name: string, data: { overrides?: Prisma.InputJsonObject; disabledAt?: Date } = {}) =>
  db.link.create({ data: { documentId: doc.id, code: newDocumentCode(), name, ...data } });

async function pageRendered(page: Page, n: number) {
  await expect(page.getByTestId(`pdf-page-${n}`)).toHaveAttribute("data-rendered", "true", { timeout: 20_000 });
}

/** The same address on a desktop (1440×900) and a phone (390×844), each screenshot looked at by a person. */
async function screenshots(browser: Browser, path: string, name: string, ready: (page: Page) => Promise<void>) {
  for (const [device, options] of [
    ["desktop", { viewport: { width: 1440, height: 900 } }],
    ["phone", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ] as const) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto(path);
    await ready(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-${device}.png`), fullPage: true });
    await context.close();
  }
}

test("a link with its own full email gate asks for the email first, while the document's own code reads freely", async ({
  page,
  browser,
}) => {
  const doc = await uploadOk(page.request, account, { pages: 2, fields: { email_gate: "false", title: "Series A memo" } });
  const link = await makeLink(doc, "Sequoia — Jane", { overrides: { gate_type: "full", email_gate: true } });
  const sibling = await makeLink(doc, "Accel — Sam", { overrides: { gate_type: "full", email_gate: true } });

  await page.goto(`/s/${codeOf(doc)}`);
  await pageRendered(page, 1);
  await expect(page.getByTestId("email-gate")).toHaveCount(0);

  const response = await page.goto(`/s/${link.code}`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Series A memo · Pagewise");
  await expect(page.getByTestId("email-gate")).toBeVisible();
  await expect(page.getByTestId("pdf-page-1")).toHaveCount(0);
  expect((await page.request.get(`/s/${link.code}/file?v=full`)).status()).toBe(403);
  await page.getByLabel("Email").fill("jane@sequoia.com");
  await page.getByRole("button", { name: "Continue" }).click();
  await pageRendered(page, 1);
  await expect(page.getByTestId("email-gate")).toHaveCount(0);

  const lead = await db.lead.findFirstOrThrow({ where: { documentId: doc.id } });
  expect(lead).toMatchObject({ email: "jane@sequoia.com", linkId: link.id });
  await expect.poll(async () => (await db.visit.findMany({ where: { documentId: doc.id, linkId: link.id } })).length).toBe(1);

  // The grant is the link's: another link of the same document asks again, the document's code still reads freely.
  await page.goto(`/s/${sibling.code}`);
  await expect(page.getByTestId("email-gate")).toBeVisible();
  await expect(page.getByTestId("pdf-page-1")).toHaveCount(0);
  await page.goto(`/s/${codeOf(doc)}`);
  await pageRendered(page, 1);
  await expect(page.getByTestId("email-gate")).toHaveCount(0);

  await screenshots(browser, `/s/${link.code}`, "link-email-gate", (shot) => expect(shot.getByTestId("email-gate")).toBeVisible());
});

test("an expired link answers 410 with a page saying so, and its viewer routes answer 410 too", async ({ page, browser }) => {
  const doc = await uploadOk(page.request, account, { pages: 1, fields: { email_gate: "false" } });
  const link = await makeLink(doc, "Old round", { overrides: { expires_at: new Date(Date.now() - 60_000).toISOString() } });

  const response = await page.goto(`/s/${link.code}`);
  expect(response?.status()).toBe(410);
  await expect(page.getByRole("heading")).toHaveText("This link has expired");
  await expect(page.getByText("Ask the person who shared it for a new link")).toBeVisible();

  const file = await page.request.get(`/s/${link.code}/file?v=full`);
  expect(file.status()).toBe(410);
  expect(await file.json()).toEqual({ error: { code: "not_found", message: "This link has expired." } });
  // The document's own code has no expiry of its own.
  expect((await page.goto(`/s/${codeOf(doc)}`))?.status()).toBe(200);

  await screenshots(browser, `/s/${link.code}`, "link-expired", (shot) => expect(shot.getByRole("heading")).toBeVisible());
});

test("a disabled link answers 404 like an unknown one, on the page and the viewer routes", async ({ page }) => {
  const doc = await uploadOk(page.request, account, { pages: 1, fields: { email_gate: "false" } });
  const link = await makeLink(doc, "Paused", { disabledAt: new Date() });

  const response = await page.goto(`/s/${link.code}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading")).toHaveText("This link doesn't lead anywhere");
  const file = await page.request.get(`/s/${link.code}/file?v=full`);
  expect(file.status()).toBe(404);
  expect(await file.json()).toEqual({ error: { code: "not_found", message: "This link is not available." } });

  await db.link.update({ where: { id: link.id }, data: { disabledAt: null } });
  expect((await page.goto(`/s/${link.code}`))?.status()).toBe(200);
  await pageRendered(page, 1);
});

test("a link's own verification code and agreement open that link, and are recorded with it", async ({ page }) => {
  const doc = await uploadOk(page.request, account, { pages: 2, fields: { email_gate: "false", title: "Data room index" } });
  const agreement = "I will not forward this document.";
  const link = await makeLink(doc, "Partner — Kim", { overrides: { verify_email: true, agreement } });
  const asked = new Date();

  await page.goto(`/s/${link.code}`);
  await page.getByLabel("Email").fill("kim@partner.io");
  await page.getByRole("button", { name: "Continue" }).click();
  let body = "";
  await expect
    .poll(async () => {
      const message = await db.notification.findFirst({
        where: { toAddress: "kim@partner.io", kind: "reader_code", createdAt: { gt: asked } },
        orderBy: { createdAt: "desc" },
      });
      body = message?.body ?? "";
      return body;
    })
    .toMatch(/is \d{6}\./);
  await page.getByLabel("Code").fill(/is (\d{6})\./.exec(body)![1]!);
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByTestId("agreement")).toContainText(agreement);
  await page.getByRole("button", { name: "I agree" }).click();
  await pageRendered(page, 1);

  expect(await db.lead.findFirstOrThrow({ where: { documentId: doc.id } })).toMatchObject({
    email: "kim@partner.io",
    verified: true,
    linkId: link.id,
  });
  expect(await db.agreementAcceptance.findFirstOrThrow({ where: { documentId: doc.id } })).toMatchObject({ linkId: link.id, agreement });
  // The document's own code asks for neither.
  await page.goto(`/s/${codeOf(doc)}`);
  await pageRendered(page, 1);
});
