import { expect, type Page, test } from "@playwright/test";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { db } from "../test/support/playwright/database";
import { signedIn } from "../test/support/playwright/sign-in";
import { type DocumentBody, upload, uploadOk } from "../test/support/playwright/upload";

/** The gate's access rules in Chromium: allow and block lists, email verification, the agreement. */
let account: Account;
test.beforeAll(async () => {
  account = await newAccount("access-rules");
});

const REFUSED = "This email can't open this document. Ask the person who shared it with you for access.";
const linkOf = (doc: DocumentBody) => `/s/${doc.short_code.slice(2)}`;
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Screenshots of the current state at desktop and phone sizes, back to desktop after. */
async function shots(page: Page, name: string) {
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: test.info().outputPath(`${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

async function pageRendered(page: Page, n: number) {
  await expect(page.getByTestId(`pdf-page-${n}`)).toHaveAttribute("data-rendered", "true", { timeout: 20_000 });
}

async function submitEmail(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
}

/** The code in the latest email to this address, from the local outbox (the e2e server has no SMTP_URL). */
async function codeSentTo(email: string, after: Date): Promise<string> {
  let body = "";
  await expect
    .poll(async () => {
      const message = await db.notification.findFirst({
        where: { toAddress: email, kind: "reader_code", createdAt: { gt: after } },
        orderBy: { createdAt: "desc" },
      });
      body = message?.body ?? "";
      return body;
    })
    .toMatch(/is \d{6}\./);
  return /is (\d{6})\./.exec(body)![1]!;
}

test.use({ viewport: DESKTOP });

test("a blocked email is refused with a clear message next to the field, and nothing is recorded", async ({ page }) => {
  const doc = await uploadOk(page.request, account, { pages: 2, fields: { gate_type: "full", block: "rival.com, leaky@acme.com" } });
  await page.goto(linkOf(doc));
  await submitEmail(page, "ceo@Rival.com");
  await expect(page.locator("#gate-error")).toHaveText(REFUSED);
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Email")).toHaveValue("ceo@Rival.com");
  await shots(page, "blocked-email");
  await submitEmail(page, "leaky@acme.com");
  await expect(page.locator("#gate-error")).toHaveText(REFUSED);
  expect(await db.viewer.count({ where: { documentId: doc.id } })).toBe(0);
  expect(await db.lead.count({ where: { documentId: doc.id } })).toBe(0);

  await submitEmail(page, "jane@acme.com");
  await pageRendered(page, 1);
  expect((await db.lead.findMany({ where: { documentId: doc.id } })).map((l) => l.email)).toEqual(["jane@acme.com"]);
});

test("an allow list admits acme.com and its subdomains and refuses everyone else", async ({ page, browser }) => {
  const doc = await uploadOk(page.request, account, { pages: 2, fields: { gate_type: "full", allow: '["acme.com"]' } });
  expect(doc.settings.allow).toEqual(["acme.com"]);
  await page.goto(linkOf(doc));
  await submitEmail(page, "bob@globex.io");
  await expect(page.locator("#gate-error")).toHaveText(REFUSED);
  await submitEmail(page, "bob@acme.com.evil.io");
  await expect(page.locator("#gate-error")).toHaveText(REFUSED);
  await submitEmail(page, "bob@eu.acme.com");
  await pageRendered(page, 1);

  const other = await browser.newContext({ viewport: DESKTOP });
  const second = await other.newPage();
  await second.goto(linkOf(doc));
  await submitEmail(second, "jane@acme.com");
  await pageRendered(second, 1);
  await other.close();
  expect((await db.lead.findMany({ where: { documentId: doc.id }, orderBy: { capturedAt: "asc" } })).map((l) => l.email)).toEqual([
    "bob@eu.acme.com",
    "jane@acme.com",
  ]);
});

/**
 * This e2e server has no SMTP_URL, so verify_email cannot be turned on (next test); a document that
 * verified emails while the server had one keeps doing so, its codes kept in the owner's outbox.
 */
async function verifyingDocument(page: Page, fields: Record<string, string>) {
  const doc = await uploadOk(page.request, account, { pages: 2, fields: { gate_type: "full", ...fields } });
  await db.document.update({ where: { id: doc.id }, data: { verifyEmail: true } });
  return doc;
}

test("without an email server verify_email cannot be turned on: the API says why (422) and the setting is disabled with the reason", async ({
  page,
  browser,
}) => {
  const refused = await upload(page.request, account, { pages: 2, fields: { verify_email: "true" } });
  expect(refused.status()).toBe(422);
  expect(await refused.json()).toMatchObject({ error: { code: "validation_error", message: expect.stringContaining("SMTP_URL") } });
  const doc = await uploadOk(page.request, account, { pages: 2 });
  const patched = await page.request.patch(`/api/v1/documents/${doc.short_code}`, { headers: account.auth, data: { verify_email: true } });
  expect(patched.status()).toBe(422);

  const owner = await signedIn(browser, account);
  await owner.goto(`/documents/${doc.short_code}`);
  // The reason is part of the checkbox's label, where the owner reads it.
  const toggle = owner.getByRole("checkbox", { name: /Verify readers' emails.*this one has no SMTP_URL/ });
  await expect(toggle).toBeVisible();
  await expect(toggle).toBeDisabled();
  await owner.context().close();
});

test("verify_email: a 6-digit code opens the document, even after a reload, and the lead is verified", async ({ page, request }) => {
  const doc = await verifyingDocument(page, { title: "Term sheet" });
  const email = `jane-${Date.now()}@acme.com`;
  await page.goto(linkOf(doc));
  const asked = new Date();
  await page.getByLabel("Name (optional)").fill("Jane");
  await submitEmail(page, email);
  // Without an email server the gate tells the reader where the code went.
  await expect(page.getByTestId("email-gate")).toContainText(`This server cannot send email, so the 6-digit code for ${email}`);
  const input = page.getByLabel("Code");
  await expect(input).toHaveAttribute("autocomplete", "one-time-code");
  await expect(input).toHaveAttribute("inputmode", "numeric");
  await expect(input).toBeFocused();
  const first = await codeSentTo(email, asked);
  expect(await db.lead.count({ where: { documentId: doc.id } })).toBe(0);
  await shots(page, "verify-code-step");

  // A reload keeps the reader at the code step, for the same email.
  await page.reload();
  await expect(page.getByTestId("email-gate")).toContainText(`the 6-digit code for ${email}`);
  await expect(input).toBeVisible();

  // A wrong code is refused in place; a new code replaces the first.
  await input.fill(first === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.locator("#gate-error")).toContainText("That code is not right or has expired");
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await shots(page, "verify-wrong-code");
  const resent = new Date();
  await page.getByRole("button", { name: "Send a new code" }).click();
  await expect(page.getByRole("status")).toContainText(`A new code for ${email} went to the person who shared this document`);
  const second = await codeSentTo(email, resent);

  await input.fill(second);
  await page.getByRole("button", { name: "Continue" }).click();
  await pageRendered(page, 1);
  const outbox = await db.notification.findFirstOrThrow({
    where: { toAddress: email, kind: "reader_code" },
    orderBy: { createdAt: "desc" },
  });
  expect(outbox.subject).toBe("Your code for Term sheet");

  const leads = await (await request.get(`/api/v1/documents/${doc.short_code}/leads`, { headers: account.auth })).json();
  expect(leads.leads).toEqual([expect.objectContaining({ email, name: "Jane", verified: true })]);
});

test("verify_email: 'Use another email' goes back to the email step", async ({ page }) => {
  const doc = await verifyingDocument(page, {});
  await page.goto(linkOf(doc));
  await submitEmail(page, `typo-${Date.now()}@acme.con`);
  await expect(page.getByLabel("Code")).toBeVisible();
  await page.getByRole("button", { name: "Use another email" }).click();
  await expect(page.getByLabel("Email")).toHaveValue(/typo-\d+@acme\.con/);
});

test("an agreement is accepted before page 1 and the acceptance shows in the API", async ({ page, request }) => {
  const agreement = "I will keep this document confidential and will not share it.";
  const doc = await uploadOk(page.request, account, { pages: 2, fields: { gate_type: "full", agreement, title: "NDA deck" } });
  const code = doc.short_code.slice(2);
  await page.goto(linkOf(doc));
  await submitEmail(page, "counsel@acme.com");
  const form = page.getByTestId("agreement");
  await expect(form).toContainText(agreement);
  await expect(page.getByTestId("pdf-page-1")).toHaveCount(0);
  // Nothing of the file is served to this browser before the agreement.
  expect((await page.request.get(`/s/${code}/file?v=full`)).status()).toBe(403);
  await shots(page, "agreement");

  await page.getByRole("button", { name: "I agree" }).click();
  await pageRendered(page, 1);
  const acceptance = await db.agreementAcceptance.findFirstOrThrow({ where: { documentId: doc.id } });
  expect(acceptance).toMatchObject({ email: "counsel@acme.com", agreement });
  expect(acceptance.address).not.toBe("");

  const viewers = await (await request.get(`/api/v1/documents/${doc.short_code}/viewers`, { headers: account.auth })).json();
  expect(viewers.viewers).toEqual([
    expect.objectContaining({ email: "counsel@acme.com", agreement_accepted_at: acceptance.acceptedAt.toISOString() }),
  ]);
  // Another visit in this browser is not asked again.
  await page.reload();
  await pageRendered(page, 1);
});

test("an agreement given as a URL links to it in a new tab", async ({ page }) => {
  const doc = await uploadOk(page.request, account, { pages: 2, fields: { email_gate: "false", agreement: "https://example.com/nda" } });
  await page.goto(linkOf(doc));
  const link = page.getByRole("link", { name: "this agreement" });
  await expect(link).toHaveAttribute("href", "https://example.com/nda");
  await expect(link).toHaveAttribute("target", "_blank");
  await page.getByRole("button", { name: "I agree" }).click();
  await pageRendered(page, 1);
  expect(await db.agreementAcceptance.findFirst({ where: { documentId: doc.id } })).toMatchObject({ email: null });
});

test("a reader who passed is cut off on their next request once the owner tightens the rules", async ({ playwright, baseURL }) => {
  // verify_email is turned on in the database: this server has no email server, so the API refuses it (test above).
  const tightenings: Array<[string, Record<string, unknown> | "verify_email"]> = [
    ["blocks the reader's mailbox (by an alias)", { block: ["reader1+old@acme.com"] }],
    ["sets an allow list without them", { allow: ["partner.io"] }],
    ["turns on verify_email", "verify_email"],
    ["adds an agreement", { agreement: "I will keep this confidential." }],
  ];
  const owner = await playwright.request.newContext({ baseURL });
  for (const [change, patch] of tightenings) {
    const doc = await uploadOk(owner, account, { pages: 2, fields: { gate_type: "full", allow_download: "true" } });
    const reader = await playwright.request.newContext({ baseURL });
    expect((await reader.post(`${linkOf(doc)}/gate`, { data: { email: "reader1@acme.com" } })).status()).toBe(200);
    expect((await reader.get(`${linkOf(doc)}/file?v=full`)).status(), change).toBe(200);
    expect((await reader.get(`${linkOf(doc)}/download`)).status(), change).toBe(200);

    if (patch === "verify_email") await db.document.update({ where: { id: doc.id }, data: { verifyEmail: true } });
    else
      expect((await owner.patch(`/api/v1/documents/${doc.short_code}`, { headers: account.auth, data: patch })).status(), change).toBe(200);
    expect((await reader.get(`${linkOf(doc)}/file?v=full`)).status(), `file after the owner ${change}`).toBe(403);
    expect((await reader.get(`${linkOf(doc)}/download`)).status(), `download after the owner ${change}`).toBe(403);
    await reader.dispose();
  }
  await owner.dispose();
});
