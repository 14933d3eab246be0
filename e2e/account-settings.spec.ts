import { rmSync } from "node:fs";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { E2E_PORT } from "../playwright.config";
import { type AppProcess, ROOT, startApp, waitForHealth } from "../test/support/app-process";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { ownClientAddress } from "../test/support/playwright/client-address";
import { E2E_DATABASE_URL, db } from "../test/support/playwright/database";
import { signedIn } from "../test/support/playwright/sign-in";
import { readableMail, startSmtpSink } from "../test/support/smtp-sink";

/**
 * The account page (issue 27, item 7) and "Forgot password?", against an app that sends real email
 * to an SMTP sink; the last test uses the run's own app, which has no SMTP.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

// A second app with SMTP, on a port next to this run's own (its own data directory, the shared e2e database).
const PORT = E2E_PORT + 73;
const BASE = `http://localhost:${PORT}`;
const dataDir = path.join(ROOT, `.data/e2e-account-${PORT}`);
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

const mailsTo = (email: string) => smtp.mails.filter((m) => m.includes(`To: ${email}`)).map(readableMail);
const linkIn = (mail: string, prefix: string) => new RegExp(`(${BASE}${prefix}[^\\s"<>]+)`).exec(mail)?.[1]?.replace(/&amp;/g, "&");
const form = (page: Page, name: string) => page.getByRole("form", { name });

/** A browser signed in to the app with SMTP (its sign-in page also has the emailed link's form). */
async function withMail(browser: Browser, account: Pick<Account, "email" | "password">): Promise<Page> {
  const page = await trySignIn(browser, account.email, account.password);
  await expect(page).toHaveURL(/\/documents$/);
  return page;
}

/** Signs in on a fresh browser; the sign-in form's answer is returned: the documents page, or the refusal. */
async function trySignIn(browser: Browser, email: string, password: string, baseURL = BASE): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await ownClientAddress(page);
  await page.goto("/sign-in");
  await page.getByLabel("Email", { exact: true }).first().fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  return page;
}

test("changing the password: the old one is refused, other browsers are signed out, this one stays", async ({ browser }) => {
  const account = await newAccount("change-password");
  const page = await withMail(browser, account);
  const other = await withMail(browser, account);

  await page.getByRole("link", { name: "Account" }).click();
  await expect(page).toHaveURL(/\/settings\/account$/);
  const password = form(page, "Password");
  await password.getByLabel("Current password").fill("not my password");
  await password.getByLabel("New password", { exact: true }).fill("a new password here");
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(password.getByLabel("Current password")).toHaveAccessibleDescription("That is not your current password");
  await expect(password.getByLabel("Current password")).toBeFocused();
  await expect(password.getByRole("alert"), "the field's refusal is not repeated above the button").toHaveCount(0);

  await password.getByLabel("Current password").fill(account.password);
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(password.getByRole("status")).toContainText("Your password is changed");

  await page.goto("/overview");
  await expect(page).toHaveURL(/\/overview$/);
  await other.goto("/overview");
  await expect(other).toHaveURL(/\/sign-in\?callbackUrl=%2Foverview$/);
  const refused = await trySignIn(browser, account.email, account.password);
  await expect(refused.getByText("That email and password don't match an account.")).toBeVisible();
  await expect(await trySignIn(browser, account.email, "a new password here")).toHaveURL(/\/documents$/);
});

test("forgot password: the emailed link sets a new one and signs the account out everywhere", async ({ browser }) => {
  const account = await newAccount("forgot");
  const signedInElsewhere = await withMail(browser, account);
  const page = await (await browser.newContext({ baseURL: BASE })).newPage();
  await ownClientAddress(page);
  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Email me a reset link" }).click();
  await expect(page.getByRole("status")).toContainText("Check your email");

  await expect.poll(() => mailsTo(account.email).length, { timeout: 15_000 }).toBe(1);
  const link = linkIn(mailsTo(account.email)[0]!, "/reset-password?");
  expect(link).toBeTruthy();
  await page.goto(link!);
  await page.getByLabel("New password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByLabel("New password", { exact: true })).toHaveAccessibleDescription("Use at least 8 characters");
  await page.getByLabel("New password", { exact: true }).fill("reset by email link");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/sign-in\?notice=password-reset$/);

  await signedInElsewhere.goto("/overview");
  await expect(signedInElsewhere).toHaveURL(/\/sign-in/);
  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "This link can't be used" })).toBeVisible();
  await expect(await trySignIn(browser, account.email, "reset by email link")).toHaveURL(/\/documents$/);
});

test("changing the address: nothing changes until the link mailed to the new address is opened; the old one is told", async ({
  browser,
}) => {
  const account = await newAccount("move");
  const to = account.email.replace("move-", "moved-");
  const page = await withMail(browser, account);
  await page.goto("/settings/account");
  const email = form(page, "Email address");
  await email.getByLabel("New email address").fill(to);
  await email.getByLabel("Current password").fill(account.password);
  await email.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(email.getByRole("status")).toContainText(`We sent a link to ${to}`);
  expect((await db.user.findUniqueOrThrow({ where: { id: account.userId } })).email).toBe(account.email);

  await expect.poll(() => mailsTo(to).length, { timeout: 15_000 }).toBe(1);
  await page.goto(linkIn(mailsTo(to)[0]!, "/settings/account/confirm-email?")!);
  await page.getByRole("button", { name: "Use this address" }).click();
  await expect(page).toHaveURL(/\/settings\/account\?notice=email-confirmed$/);
  await expect(page.getByText(`Signed in as ${to}`)).toBeVisible();
  // The old address is told through the owner emails (the runner of whichever app sharing this database picks it up first).
  const told = await db.notification.findFirstOrThrow({ where: { userId: account.userId, kind: "account.email_changed" } });
  expect(told.toAddress).toBe(account.email);
  expect(told.body).toContain(to);
  await expect(await trySignIn(browser, to, account.password)).toHaveURL(/\/documents$/);
});

test("deleting the account: refused while owning a team with members, then done and signed out", async ({ browser }) => {
  const owner = await newAccount("delete-owner");
  const member = await newAccount("delete-member");
  await db.teamMember.create({ data: { teamId: owner.teamId, userId: member.userId, role: "member" } });
  const page = await withMail(browser, owner);
  await page.goto("/settings/account");
  const danger = form(page, "Delete account");
  await danger.getByLabel("Current password").fill(owner.password);
  await danger.getByRole("button", { name: "Delete my account" }).click();
  await expect(danger.getByRole("alert")).toContainText("which has other members. Transfer ownership");
  expect(await db.user.count({ where: { id: owner.userId } })).toBe(1);

  await db.teamMember.delete({ where: { teamId_userId: { teamId: owner.teamId, userId: member.userId } } });
  await page.reload();
  await danger.getByLabel("Current password").fill(owner.password);
  await danger.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/sign-in\?notice=account-deleted$/);
  await expect(page.getByText("Your account is deleted")).toBeVisible();
  expect(await db.user.count({ where: { id: owner.userId } })).toBe(0);
  expect(await db.team.count({ where: { id: owner.teamId } })).toBe(0);
  await page.goto("/documents");
  await expect(page).toHaveURL(/\/sign-in/);
});

test("without SMTP there is no Forgot password?, and a new address is taken at once with the password", async ({ browser }) => {
  const account = await newAccount("nosmtp");
  const page = await signedIn(browser, account);
  await page.goto("/settings/account");
  await expect(page.getByText("This server cannot send email")).toBeVisible();
  const to = account.email.replace("nosmtp-", "nosmtp-moved-");
  const email = form(page, "Email address");
  await email.getByLabel("New email address").fill(to);
  await email.getByLabel("Current password").fill(account.password);
  await email.getByRole("button", { name: "Change address" }).click();
  await expect(email.getByRole("status")).toContainText(`Your address is now ${to}`);

  const anonymous = await (await browser.newContext()).newPage();
  await anonymous.goto("/sign-in");
  await expect(anonymous.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await expect(anonymous.getByRole("link", { name: "Forgot password?" })).toHaveCount(0);
  expect((await anonymous.goto("/forgot-password"))?.status()).toBe(404);
});
