import { rmSync } from "node:fs";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { readableMail, startSmtpSink } from "../test/support/smtp-sink";
import { invitationPath, newAccount } from "../test/support/playwright/accounts";
import { type AppProcess, ROOT, startApp, waitForHealth } from "../test/support/app-process";
import { E2E_DATABASE_URL, db } from "../test/support/playwright/database";
import { ownClientAddress } from "../test/support/playwright/client-address";

// One app with SMTP configured (its own port and data directory, the shared e2e database).
test.describe.configure({ mode: "serial", timeout: 120_000 });

const PORT = 3175;
const BASE = `http://localhost:${PORT}`;
const dataDir = path.join(ROOT, ".data/e2e-magic");
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let app: AppProcess;

test.beforeAll(async () => {
  smtp = await startSmtpSink();
  app = startApp({
    PORT: String(PORT),
    APP_URL: BASE,
    DATA_DIR: dataDir,
    DATABASE_URL: E2E_DATABASE_URL,
    SMTP_URL: smtp.url,
    TRUST_PROXY: "1",
  });
  await waitForHealth(BASE);
});

test.afterAll(async () => {
  app.child.kill("SIGTERM");
  await app.exited;
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function newPage(browser: Browser) {
  const page = await (await browser.newContext({ baseURL: BASE })).newPage();
  await ownClientAddress(page);
  return page;
}
const mailsTo = (email: string) => smtp.mails.filter((m) => m.includes(`To: ${email}`)).map(readableMail);
const linkIn = (mail: string, prefix: string) => new RegExp(`(${BASE}${prefix}[^\\s"<>]+)`).exec(mail)?.[1]?.replace(/&amp;/g, "&");

async function askForSignInLink(page: Page, email: string) {
  await page.goto("/sign-in");
  await page.getByLabel("Email", { exact: true }).last().fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page).toHaveURL(/\/sign-in\/check-email/);
}

test("an owner signs in with an emailed link; an address without an account is told so, and gets no link", async ({ browser }) => {
  const account = await newAccount("magic");
  const page = await newPage(browser);
  await askForSignInLink(page, account.email);
  await expect.poll(() => mailsTo(account.email).length, { timeout: 15_000 }).toBe(1);
  const link = linkIn(mailsTo(account.email)[0]!, "/api/auth/callback/nodemailer?");
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page).toHaveURL(/\/documents$/);
  await expect(page.getByText(account.email)).toBeVisible();

  const stranger = `nobody-${Date.now()}@example.com`;
  const other = await newPage(browser);
  await askForSignInLink(other, stranger);
  await expect.poll(() => mailsTo(stranger).length, { timeout: 15_000 }).toBe(1);
  expect(mailsTo(stranger)[0]).toContain("no account uses it");
  expect(linkIn(mailsTo(stranger)[0]!, "/api/auth/callback/")).toBeUndefined();
  expect(await db.user.count({ where: { email: stranger } })).toBe(0);
});

test("an account someone registered in advance for the owner's address: the owner's sign-in link ends the other session and removes the password", async ({
  browser,
}) => {
  // Registered without proof of the address (no SMTP then, or by an administrator), password known to the attacker.
  const account = await newAccount("prehijack");
  const attacker = await newPage(browser);
  await attacker.goto("/sign-in");
  await attacker.getByLabel("Email", { exact: true }).first().fill(account.email);
  await attacker.getByLabel("Password").fill(account.password);
  await attacker.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(attacker).toHaveURL(/\/documents$/);

  const owner = await newPage(browser);
  await askForSignInLink(owner, account.email);
  await expect.poll(() => mailsTo(account.email).length, { timeout: 15_000 }).toBe(1);
  await owner.goto(linkIn(mailsTo(account.email)[0]!, "/api/auth/callback/nodemailer?")!);
  await expect(owner).toHaveURL(/\/documents$/);

  await attacker.goto("/documents");
  await expect(attacker).toHaveURL(/\/sign-in/);
  await attacker.getByLabel("Email", { exact: true }).first().fill(account.email);
  await attacker.getByLabel("Password").fill(account.password);
  await attacker.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(attacker.getByText("That email and password don't match an account.")).toBeVisible();

  await owner.goto("/settings/notifications");
  await expect(owner.getByTestId("notifications")).toContainText("Your Pagewise email address is confirmed");
  expect((await db.user.findUniqueOrThrow({ where: { id: account.userId } })).passwordHash).toBeNull();
});

test("an invited person signs up, confirms the address from the email, and signs in", async ({ browser }) => {
  const email = `invitee-${Date.now()}@example.com`;
  const page = await newPage(browser);
  // The invitation, bound to this address, is also emailed there; whichever server's runner sends it, the sign-up's own
  // confirmation is the email read below.
  await page.goto(await invitationPath({ email }));
  await expect(page.getByTestId("sign-up-verification")).toContainText("We will email you a link");
  await page.getByLabel("Password").fill("an invitee's password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/sign-up\/check-email$/);
  const confirmations = () => mailsTo(email).filter((mail) => mail.includes("/sign-up/verify?"));
  await expect.poll(() => confirmations().length, { timeout: 15_000 }).toBe(1);
  expect(await db.user.count({ where: { email } })).toBe(0);

  await page.goto(linkIn(confirmations()[0]!, "/sign-up/verify?")!);
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL(/\/sign-in\?notice=verified$/);
  await page.getByLabel("Email", { exact: true }).first().fill(email);
  await page.getByLabel("Password").fill("an invitee's password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/documents$/);
  expect((await db.user.findUniqueOrThrow({ where: { email } })).emailVerified).not.toBeNull();
});

test("signing up with an address that has an account shows the same page, and its owner gets a note instead of a link", async ({
  browser,
}) => {
  const account = await newAccount("taken");
  const page = await newPage(browser);
  await page.goto(await invitationPath());
  await page.getByLabel("Work email").fill(account.email);
  await page.getByLabel("Password").fill("someone else's password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/sign-up\/check-email$/);
  await expect.poll(() => mailsTo(account.email).length, { timeout: 15_000 }).toBe(1);
  expect(mailsTo(account.email)[0]).toContain("You already have one, and nothing about it changed.");
});
