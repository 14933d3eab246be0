import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { E2E_DATA_DIR, E2E_URL } from "../playwright.config";
import { samplePdf } from "../scripts/lib/sample-pdf";
import { startReceiver } from "../test/support/webhook-receiver";
import { invitationPath } from "../test/support/playwright/accounts";
import { runScript } from "../test/support/app-process";
import { E2E_DATABASE_URL, db } from "../test/support/playwright/database";
import { ownClientAddress } from "../test/support/playwright/client-address";

test.describe.configure({ mode: "serial", timeout: 90_000 });

const email = `founder-${Date.now()}@acme.com`;
const password = "a long enough password";
let owner: Page;
let code = "";
let invitation = "";

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test.beforeAll(async ({ browser }) => {
  owner = await (await browser.newContext({ acceptDownloads: true })).newPage();
});

async function signIn(page: Page, asEmail: string, withPassword: string) {
  await ownClientAddress(page);
  await page.getByLabel("Email", { exact: true }).fill(asEmail);
  await page.getByLabel("Password").fill(withPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("without an invitation, sign-up says plainly that it needs one", async () => {
  // Making the invitation makes an account, so from here the default SIGNUP is invite-only.
  invitation = await invitationPath();
  await owner.goto("/sign-up");
  await expect(owner.getByRole("heading", { name: "Sign-up needs an invitation" })).toBeVisible();
  await owner.goto("/sign-up?invite=inv_notarealinvitation");
  await expect(owner.getByRole("heading", { name: "This invitation can't be used" })).toBeVisible();
});

test("a new owner signs up with an invitation and lands, signed in, on an empty documents page", async () => {
  await owner.goto(invitation);
  await expect(owner.getByTestId("sign-up-verification")).toContainText("This server cannot send email");
  await shot(owner, "sign-up");
  await owner.getByLabel("Work email").fill("not-an-email");
  await owner.getByLabel("Password").fill("short");
  await owner.getByRole("button", { name: "Create account" }).click();
  await expect(owner.getByText("Enter a valid email address")).toBeVisible();
  await expect(owner.getByText("Use at least 8 characters")).toBeVisible();
  await owner.getByLabel("Work email").fill(email);
  await owner.getByLabel("Password").fill(password);
  await owner.getByRole("button", { name: "Create account" }).click();
  // Through an invitation the new account is signed in at once.
  await expect(owner).toHaveURL(/\/documents$/);
  // Signed up through someone's invitation, they land in that team; their own team is a switch away.
  await owner.getByLabel("Team", { exact: true }).selectOption({ label: `${email.split("@")[0]}'s team (owner)` });
  await owner.getByRole("button", { name: "Switch" }).click();
  await expect(owner).toHaveURL(/\/documents$/);
  // Both teams are empty: the page is the new team's once the sidebar names it.
  await expect(owner.getByLabel("Team", { exact: true }).locator("option:checked")).toHaveText(`${email.split("@")[0]}'s team (owner)`);
  await expect(owner.getByRole("heading", { name: "Share your first document" })).toBeVisible();
  await shot(owner, "documents-empty");
});

test("uploads a PDF with settings and a progress bar, and gets a link", async () => {
  await owner.getByRole("button", { name: "Upload file" }).click();
  // Picked again until the form answers: a file picked while the page is still hydrating has no handler to see it.
  await expect(async () => {
    await owner.locator("#upload-file").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(owner.getByText(/notes\.txt is not a (PDF|type this server takes)/)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  // Picked again if the page was still settling from the team switch and started the form afresh.
  const deck = await samplePdf(6, "Pitch deck");
  await expect(async () => {
    await owner.locator("#upload-file").setInputFiles({ name: "pitch_deck-2026.pdf", mimeType: "application/pdf", buffer: deck });
    await expect(owner.getByText("6 pages")).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(owner.getByLabel("Free preview pages")).toHaveAttribute("max", "5");
  await owner.getByLabel("Title", { exact: true }).fill("Seed round deck");
  await owner.getByLabel("Free preview pages").fill("2");
  await owner.getByLabel("Require a work email").check();
  await shot(owner, "upload-form");
  await owner.getByRole("button", { name: "Upload and create link" }).click();
  await expect(owner).toHaveURL(/\/documents\/[a-z0-9]{10}\?uploaded=1$/, { timeout: 20_000 });
  await expect(owner.getByRole("heading", { name: "Seed round deck" })).toBeVisible();
  code = owner.url().split("/documents/")[1]!.slice(0, 10);
  await expect(owner.getByTestId("share-url")).toHaveText(`${E2E_URL}/s/${code}`);
  const row = await db.document.findUniqueOrThrow({ where: { code } });
  expect(row).toMatchObject({ gatePage: 3, blockFreeEmails: true, allowDownload: true, pageCount: 6 });
});

test("a reader in another browser reads and leaves an email; the owner sees the visit and the lead", async ({ browser }) => {
  const reader = await (await browser.newContext()).newPage();
  await reader.goto(`/s/${code}`);
  await expect(reader.getByTestId("pdf-page-1")).toHaveAttribute("data-rendered", "true", { timeout: 20_000 });
  const tracked = reader.waitForResponse((r) => r.url().includes("/track") && r.ok());
  for (let i = 0; i < 8; i++) {
    await reader.mouse.move(300 + i, 300);
    await reader.waitForTimeout(250);
  }
  await tracked;
  await reader.getByLabel("Email").fill("investor@sequoia.com");
  await reader.getByLabel("Name (optional)").fill("Ivy Investor");
  await reader.getByRole("button", { name: "Continue" }).click();
  await expect(reader.getByTestId("pdf-page-6")).toHaveCount(1, { timeout: 15_000 });
  await reader.close();

  await owner.goto(`/documents/${code}`);
  await expect(owner.getByTestId("viewers-table")).toContainText("investor@sequoia.com");
  await expect(owner.getByTestId("leads-table")).toContainText("Ivy Investor");
  await expect(owner.locator("dt", { hasText: "Views" }).locator("+ dd")).toHaveText("1");
  await shot(owner, "document");
});

test("a documents search the database cannot hold (a NUL character) shows the unfiltered list, not an error", async () => {
  await owner.goto("/documents?search=a%00b");
  await expect(owner.getByRole("heading", { name: "Documents" })).toBeVisible();
  await expect(owner.getByRole("link", { name: "Seed round deck" })).toBeVisible();
  await owner.goto(`/documents/${code}`);
});

test("exports viewers and leads as CSV", async () => {
  const [leads] = await Promise.all([owner.waitForEvent("download"), owner.locator('a[href$="leads.csv"]').click()]);
  const leadsCsv = await readFile((await leads.path())!, "utf8");
  expect(leadsCsv.split("\r\n")[0]).toBe("email,name,company_domain,captured_at,engagement_label,verified");
  expect(leadsCsv).toContain("investor@sequoia.com,Ivy Investor,sequoia.com,");
  const [viewers] = await Promise.all([owner.waitForEvent("download"), owner.locator('a[href$="viewers.csv"]').click()]);
  const viewersCsv = await readFile((await viewers.path())!, "utf8");
  expect(viewersCsv.split("\r\n")[0]).toContain("viewer_id,email,company_domain,visits");
  expect(viewersCsv).toMatch(/anon_[A-Za-z0-9]{16},investor@sequoia.com,sequoia.com,1,/);
});

test("changes settings, refusing what the document cannot hold in plain words", async () => {
  await owner.getByLabel("Free preview pages").fill("9");
  await owner.getByRole("button", { name: "Save settings" }).click();
  await expect(owner.getByText("Choose between 0 and 5 free preview pages")).toBeVisible();
  await owner.getByLabel("Free preview pages").fill("1");
  await owner.getByLabel("Allow download").uncheck();
  await owner.getByRole("button", { name: "Save settings" }).click();
  await expect(owner.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  expect(await db.document.findUniqueOrThrow({ where: { code } })).toMatchObject({
    gatePage: 2,
    allowDownload: false,
    previewPageCount: 1,
  });
});

test("creates an API key that works, then revokes it and the API answers 401", async ({ request }) => {
  await owner.goto("/settings/api-keys");
  await owner.getByLabel("Key name").fill("CRM sync");
  await owner.getByRole("button", { name: "Create API key" }).click();
  const key = (await owner.getByTestId("new-api-key").textContent())!.trim();
  expect(key).toMatch(/^pw_live_[0-9A-Za-z]{32}$/);
  expect((await request.get("/api/v1/documents", { headers: { Authorization: `Bearer ${key}` } })).status()).toBe(200);
  await owner.reload();
  await expect(owner.getByText(`pw_live_…${key.slice(-4)}`)).toBeVisible();
  await expect(owner.getByTestId("new-api-key")).toHaveCount(0);
  await shot(owner, "api-keys");
  await owner.getByRole("button", { name: "Revoke CRM sync" }).click();
  await owner.getByRole("alertdialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(owner.getByText(/^Revoked/)).toBeVisible();
  expect((await request.get("/api/v1/documents", { headers: { Authorization: `Bearer ${key}` } })).status()).toBe(401);
});

test("creates a read-only API key that reads through the API and is refused any change", async ({ request }) => {
  await owner.goto("/settings/api-keys");
  await owner.getByLabel("Key name").fill("Board report");
  await owner.getByLabel("Access").selectOption("read");
  await owner.getByRole("button", { name: "Create API key" }).click();
  const key = (await owner.getByTestId("new-api-key").textContent())!.trim();
  const headers = { Authorization: `Bearer ${key}` };
  expect((await request.get("/api/v1/documents", { headers })).status()).toBe(200);
  const refused = await request.post("/api/v1/rooms", { headers, data: { name: "Not through this key" } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toMatchObject({ code: "forbidden", message: expect.stringContaining("read-only") });
  await owner.reload();
  await expect(owner.getByRole("row", { name: /Board report/ })).toContainText("Read only");
});

test("creates an invitation for a colleague, who signs up with it in another browser; the link then no longer works", async ({
  browser,
}) => {
  const colleague = `colleague-${Date.now()}@acme.com`;
  await owner.goto("/settings/invitations");
  await owner.getByLabel("Email (optional)").fill(colleague);
  await owner.getByRole("button", { name: "Create invitation" }).click();
  const link = (await owner.getByTestId("new-invitation-link").textContent())!.trim();
  expect(link).toMatch(new RegExp(`^${E2E_URL}/sign-up\\?invite=inv_[0-9A-Za-z]{32}$`));
  // Without an email server the page says why it was not emailed; the email waits in the owner's outbox.
  await expect(
    owner.getByText(`No email server is set up on this Pagewise (SMTP_URL), so it was not emailed to ${colleague}`),
  ).toBeVisible();
  const queued = await db.notification.findFirstOrThrow({ where: { toAddress: colleague, kind: "invitation" } });
  expect(queued.body).toContain(link);
  await shot(owner, "invitations");

  const ownerRow = await db.user.findUniqueOrThrow({
    where: { email },
    select: { memberships: { where: { role: "owner" }, select: { team: { select: { id: true, name: true } } } } },
  });
  const teamName = ownerRow.memberships[0]!.team.name;
  const invited = await (await browser.newContext()).newPage();
  await invited.goto(link);
  await expect(invited.getByRole("heading", { name: `Join ${teamName}` })).toBeVisible();
  await expect(invited.getByTestId("invitation-summary")).toContainText(`invited you to join ${teamName} as a member`);
  await expect(invited.getByLabel("Work email")).toHaveValue(colleague);
  await invited.getByLabel("Password").fill("the colleague's password");
  await invited.getByRole("button", { name: "Create account" }).click();
  // Signed in at once, in the team that invited them.
  await expect(invited).toHaveURL(/\/documents$/);
  await expect(invited.getByLabel("Team", { exact: true })).toHaveValue(ownerRow.memberships[0]!.team.id);
  await invited.context().close();

  await owner.reload();
  await expect(owner.getByTestId("invitations-table")).toContainText(`Used by ${colleague}`);
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(link);
  await expect(stranger.getByRole("heading", { name: "This invitation can't be used" })).toBeVisible();
  await stranger.context().close();
});

test("revokes an unused invitation", async () => {
  await owner.goto("/settings/invitations");
  await owner.getByRole("button", { name: "Create invitation" }).click();
  await expect(owner.getByTestId("new-invitation-link")).toBeVisible();
  await owner.reload();
  await owner.getByRole("button", { name: "Revoke invitation for anyone with the link" }).click();
  await expect(owner.getByTestId("invitations-table")).toContainText("Revoked");
});

test("configures a webhook against a local receiver and sends a test event", async () => {
  const receiver = await startReceiver();
  try {
    await owner.goto("/settings/webhook");
    await owner.getByLabel("Endpoint URL").fill(receiver.url);
    await owner.getByRole("button", { name: "Create webhook" }).click();
    await expect(owner.getByTestId("webhook-secret")).toHaveText(/^whsec_[0-9A-Za-z]{32}$/);
    await owner.getByRole("button", { name: "Send test event" }).click();
    await expect(owner.getByTestId("test-result")).toContainText("Delivered: HTTP 200");
    expect(receiver.events().map((e) => e.event)).toContain("webhook.test");
    await owner.reload();
    await expect(owner.getByTestId("deliveries-table")).toContainText("webhook.test");
    await shot(owner, "webhook");
  } finally {
    await receiver.close();
  }
});

test("keeps the reader digest in the outbox without SMTP, and saves what the owner hears about", async () => {
  test.setTimeout(150_000);
  await owner.goto("/settings/notifications");
  // The digest goes out once nobody has read the document for 30 seconds.
  await expect(async () => {
    await owner.reload();
    await expect(owner.getByTestId("notifications")).toContainText("1 reader on “Seed round deck”", { timeout: 1_000 });
  }).toPass({ timeout: 120_000, intervals: [2_000] });
  await expect(owner.getByTestId("notifications")).toContainText(/investor@sequoia\.com \(sequoia\.com\) read \d of 6 pages.*\(new lead/);
  await shot(owner, "notifications");

  await expect(owner.getByLabel("New leads")).toBeChecked();
  await owner.getByLabel("Completed reads").uncheck();
  await owner.getByRole("button", { name: "Save preferences" }).click();
  await expect(owner.getByRole("status")).toHaveText("Saved.");
  await owner.reload();
  await expect(owner.getByLabel("Completed reads")).not.toBeChecked();
  await expect(owner.getByLabel("New leads")).toBeChecked();
  expect(await db.teamMember.findFirstOrThrow({ where: { user: { email }, role: "owner" } })).toMatchObject({
    notifyNewLeads: true,
    notifyCompletedReads: false,
  });
});

test("deletes a document after confirmation; its link is gone", async ({ request }) => {
  await owner.goto(`/documents/${code}`);
  await owner.getByRole("button", { name: "Delete document" }).click();
  await expect(owner.getByRole("alertdialog")).toBeVisible();
  await owner.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(owner).toHaveURL(new RegExp(`/documents\\?deleted=${code}$`));
  await expect(owner.getByRole("status").filter({ hasText: "“Seed round deck” was moved to the Trash." })).toBeVisible();
  await expect(owner.getByRole("heading", { name: "Share your first document" })).toBeVisible();
  expect((await request.get(`/s/${code}`)).status()).toBe(410);
});

test("every main page, with demo data: screenshots on desktop and phone, and render times", async ({ browser }) => {
  // Seeding and 32 full-page loads with screenshots: its time is the machine's, not a claim (render times are printed, not asserted).
  test.setTimeout(240_000);
  const seeded = await runScript("scripts/seed.ts", [], { DATABASE_URL: E2E_DATABASE_URL, DATA_DIR: E2E_DATA_DIR });
  expect(seeded.code, seeded.stderr).toBe(0);
  const demo = await db.document.findFirstOrThrow({ where: { createdBy: { email: "demo@pagewise.local" }, title: "Series A Pitch Deck" } });
  const pages = [
    "/overview",
    "/documents",
    `/documents/${demo.code}`,
    "/settings/api-keys",
    "/settings/webhook",
    "/settings/notifications",
    "/settings/invitations",
    "/settings/account",
    `/s/${demo.code}`,
  ];
  const timings: string[] = [];
  for (const [device, viewport] of [
    ["desktop", { width: 1440, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    const context = await browser.newContext({ viewport, isMobile: device === "phone", hasTouch: device === "phone" });
    const page = await context.newPage();
    await page.goto("/sign-in");
    await signIn(page, "demo@pagewise.local", "pagewise-demo");
    await expect(page).toHaveURL(/\/documents$/);
    for (const path of pages) {
      await page.goto(path);
      // The second load is the one measured: the first compiles nothing in production but warms caches.
      const started = Date.now();
      await page.goto(path, { waitUntil: "load" });
      const ms = Date.now() - started;
      timings.push(`${device} ${path}: ${ms} ms`);
      if (path.startsWith("/s/"))
        await expect(page.getByTestId("pdf-page-1")).toHaveAttribute("data-rendered", "true", { timeout: 20_000 });
      await shot(page, `${device}-${path.replaceAll("/", "_").replace(/^_/, "") || "home"}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${device} ${path} scrolls sideways`).toBeLessThanOrEqual(1);
    }
    await context.close();
  }
  console.log(`Page render times (navigation to load event):\n  ${timings.join("\n  ")}`);
  test.info().annotations.push({ type: "render times", description: timings.join("; ") });
});
