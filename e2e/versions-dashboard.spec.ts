import { readFile } from "node:fs/promises";
import { type Page, expect, test } from "@playwright/test";
import { samplePdf } from "../scripts/lib/sample-pdf";
import { formatBytes } from "../lib/documents/check-pdf-choice";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { axeViolations } from "../test/support/playwright/axe";
import { ownClientAddress } from "../test/support/playwright/client-address";
import { dropFile } from "../test/support/playwright/drop-file";
import { horizontalOverflow } from "../test/support/playwright/overflow";
import { PHONE } from "../test/support/playwright/showcase";
import { screenOf, signedIn } from "../test/support/playwright/sign-in";
import { uploadOk } from "../test/support/playwright/upload";

/**
 * Versions from the owner's side (issue 28): a new file for a document on its page, by keyboard
 * and file chooser or dropped on the card, with its progress; the same share link serves it; a
 * shorter file moves the gates and says so, on the card and, while it is current, on the document's
 * and the link's pages; an earlier version comes back through a confirmation, with the gates' chosen
 * pages (issue 40, item 12), and downloads as it was uploaded; the card fits a phone; the team
 * chooses how many are kept.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

let owner: Account;
let code: string;
let linkCode: string;
let page: Page;
let second: Buffer;

test.beforeAll(async ({ playwright, baseURL }) => {
  owner = await newAccount("versions");
  const api = await playwright.request.newContext({ baseURL });
  const doc = await uploadOk(api, owner, { pages: 8, fields: { title: "Versioned deck", email_gate: "false", gate_page: "6" } });
  code = doc.short_code.slice(2);
  const link = await api.post(`/api/v1/documents/${doc.short_code}/links`, {
    headers: owner.auth,
    data: { name: "Investors", settings: { gate_page: 7 } },
  });
  expect(link.status()).toBe(201);
  linkCode = ((await link.json()) as { code: string }).code;
  second = await samplePdf(10, "Second version");
});

const card = () => page.getByTestId("versions-card");
/** The server inspects the file and rebuilds each gate's preview before it answers: seconds on a busy machine. */
const INSPECTED = { timeout: 30_000 };
const row = (number: number) => card().getByTestId(`version-${number}`);

test("the document page explains versions while there is one, and lists it as current", async ({ browser }) => {
  page = await signedIn(browser, owner);
  await page.goto(`/documents/${code}`);
  await expect(card().getByTestId("versions-explained")).toContainText("replaces this document's file behind the same links");
  await expect(row(1)).toContainText("Current");
  await expect(row(1).getByRole("button", { name: "Restore version 1" })).toHaveCount(0);
});

test("the owner chooses a new version from the keyboard, sees its progress, then version 2 current with its size", async () => {
  // The request waits until the progress bar has been seen, so seeing it does not depend on how fast it goes.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/dashboard/documents/${code}/versions`, async (route) => {
    await held;
    await route.continue();
  });
  const chooser = page.waitForEvent("filechooser");
  await card().getByRole("button", { name: "Upload new version" }).focus();
  await page.keyboard.press("Enter");
  await (await chooser).setFiles({ name: "deck-v2.pdf", mimeType: "application/pdf", buffer: second });

  await expect(card().getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  await expect(card().getByRole("button", { name: "Uploading…" })).toBeDisabled();
  release();

  await expect(card().getByTestId("version-report")).toContainText("Readers now get version 2 (10 pages)", INSPECTED);
  await expect(card().getByTestId("gate-move-notice")).toHaveCount(0);
  await expect(page.getByTestId("waiting-gates")).toHaveCount(0);
  await expect(row(2)).toContainText("Current");
  await expect(row(2)).toContainText(`deck-v2.pdf`);
  await expect(row(2)).toContainText(`10 pages · ${formatBytes(second.length)} · uploaded by ${owner.email}`);
  await expect(row(1)).not.toContainText("Current");
  await expect(page.getByTestId("thumbnail-1").first()).toHaveAttribute("src", /\?v=2$/);
  await page.unroute(`**/api/dashboard/documents/${code}/versions`);
});

test("the same share link serves the new version's pages", async ({ browser }) => {
  const reader = await browser.newPage();
  await ownClientAddress(reader);
  await reader.goto(`/s/${code}`);
  await expect(reader.getByTestId("page-indicator")).toHaveText("1 / 10");
  await reader.close();
});

test("a file the server refuses changes nothing, and the card says why in the server's words", async () => {
  const broken = Buffer.from("%PDF-1.7\nthe header and nothing a PDF reader could open\n");
  await dropFile(page, '[data-testid="versions-card"]', { name: "broken.pdf", type: "application/pdf", bytes: broken });
  await expect(card().getByRole("alert")).toContainText("The new version was not uploaded.", INSPECTED);
  await expect(row(3)).toHaveCount(0);
  await expect(row(2)).toContainText("Current");
});

test("a shorter file dropped on the card moves the document's and the link's gates, and the owner is told", async () => {
  await dropFile(page, '[data-testid="versions-card"]', {
    name: "deck-v3.pdf",
    type: "application/pdf",
    bytes: await samplePdf(4, "Third version"),
  });
  await expect(card().getByTestId("gate-move-notice")).toHaveText(
    "Version 3 has 4 pages, so the gate moved from page 6 to page 4 and the gate of the link “Investors” moved from page 7 to page 4. Each returns to the page chosen for it when a version long enough is current.",
    INSPECTED,
  );
  await expect(row(3)).toContainText("Current");
  await expect(card().getByRole("alert")).toHaveCount(0);
});

test("while version 3 is current, the document's page and the link's page say which gates stand earlier than chosen, and until when", async () => {
  const waiting = page.getByRole("region", { name: "Gates stand earlier than chosen" });
  await expect(waiting).toContainText(
    "The gate stands on page 4 while version 3 (4 pages) is current, not on page 6, the page chosen for it. It goes back to page 6 when a version with 6 pages or more is current.",
  );
  await expect(waiting).toContainText(
    "The gate of the link “Investors” stands on page 4 while version 3 (4 pages) is current, not on page 7",
  );
  expect(await axeViolations(page, '[data-testid="waiting-gates"]')).toEqual([]);

  await page.goto(`/documents/${code}/links/${linkCode}`);
  await expect(page.getByRole("region", { name: "A gate stands earlier than chosen" })).toContainText(
    "The gate of the link “Investors” stands on page 4 while version 3 (4 pages) is current, not on page 7, the page chosen for it. It goes back to page 7 when a version with 7 pages or more is current.",
  );
  await page.goto(`/documents/${code}`);
});

test("the owner restores version 1 after confirming, and it is current again; axe finds nothing wrong with the card", async () => {
  await row(1).getByRole("button", { name: "Restore version 1" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Restore version 1?" });
  await expect(dialog).toContainText("version 1 (8 pages) again");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(row(3)).toContainText("Current");

  await row(1).getByRole("button", { name: "Restore version 1" }).click();
  await dialog.getByRole("button", { name: "Restore" }).click();
  await expect(card().getByTestId("version-report")).toContainText("Readers now get version 1 (8 pages)", INSPECTED);
  await expect(card().getByTestId("gate-move-notice")).toHaveText(
    "Version 1 has 8 pages, so the gate is back on page 6 and the gate of the link “Investors” is back on page 7.",
  );
  await expect(page.getByTestId("waiting-gates")).toHaveCount(0);
  await expect(row(1)).toContainText("Current");
  await expect(row(3)).not.toContainText("Current");
  expect(await axeViolations(page, '[data-testid="versions-card"]')).toEqual([]);
});

test("version 2 downloads as the PDF that was uploaded", async () => {
  const download = page.waitForEvent("download");
  await row(2).getByRole("link", { name: "Download version 2" }).click();
  const bytes = await readFile((await (await download).path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(bytes.equals(second)).toBe(true);
});

test("the Versions card fits a 390 px phone", async ({ browser }) => {
  const phone = await signedIn(browser, owner, screenOf(PHONE));
  await phone.goto(`/documents/${code}`);
  const versions = phone.getByTestId("versions-card");
  await versions.scrollIntoViewIfNeeded();
  await expect(versions.getByTestId("version-3")).toBeVisible();
  const { scrollWidth, outside } = await horizontalOverflow(phone);
  expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
  expect(outside).toEqual([]);
  await versions.screenshot({ path: test.info().outputPath("versions-card-390.png") });
  await phone.context().close();
});

test("on the Team page the owner keeps the last 2 versions, and the document page says so", async () => {
  await page.goto("/settings/team");
  const form = page.getByTestId("versions-kept-form");
  await form.getByLabel("The last").check();
  await form.getByLabel("How many versions to keep").fill("101");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Keep from 1 to 100 versions")).toBeVisible();
  await form.getByLabel("How many versions to keep").fill("2");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByRole("status")).toHaveText("Saved.");
  expect(await axeViolations(page, '[data-testid="versions-kept-form"]')).toEqual([]);
  await page.goto(`/documents/${code}`);
  await expect(card()).toContainText("Your team keeps the last 2 versions.");
});
