import { type Page, expect, test } from "@playwright/test";
import { samplePdf } from "../scripts/lib/sample-pdf";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { axeViolations } from "../test/support/playwright/axe";
import { horizontalOverflow } from "../test/support/playwright/overflow";
import { PHONE } from "../test/support/playwright/showcase";
import { screenOf, signedIn } from "../test/support/playwright/sign-in";
import { uploadOk } from "../test/support/playwright/upload";

/**
 * Data rooms from the owner's side (issue 29, item 6): a room from the empty Rooms page, two of the
 * team's documents in it, a folder, a document moved into it and reordered with the keyboard's
 * controls (not drag and drop), a PDF uploaded into a folder, folders moved and deleted, a
 * recipient link edited, disabled and deleted, the room renamed and its rules saved, pages that
 * fit a phone and that axe finds nothing wrong with, and the room deleted.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

let owner: Account;
let page: Page;
let roomPath: string;

test.beforeAll(async ({ playwright, baseURL }) => {
  owner = await newAccount("rooms");
  const api = await playwright.request.newContext({ baseURL });
  await uploadOk(api, owner, { pages: 2, fields: { title: "Pitch deck" } });
  await uploadOk(api, owner, { pages: 2, fields: { title: "Financials Q1" } });
});

const folder = (name: string) => page.getByRole("region", { name: `Folder ${name}` });
const settingsForm = () => page.getByRole("form", { name: "Room settings" });
const roomId = () => roomPath.split("/").pop()!;

/** The room's links as the API shows them, by name. */
async function apiLinks(request: import("@playwright/test").APIRequestContext) {
  const answer = await request.get(`/api/v1/rooms/${roomId()}/links`, { headers: owner.auth });
  expect(answer.status()).toBe(200);
  const { links } = (await answer.json()) as { links: Array<{ name: string; is_active: boolean; settings: Record<string, unknown> }> };
  return new Map(links.map((link) => [link.name, link]));
}

test("the empty Rooms page explains rooms and creates one from its form", async ({ browser }) => {
  page = await signedIn(browser, owner);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rooms" }).click();
  await expect(page.getByRole("heading", { name: "No rooms yet" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Series A");
  await page.getByLabel("Description").fill("Everything for the round");
  await page.getByRole("button", { name: "New room" }).press("Enter");
  await expect(page).toHaveURL(/\/rooms\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Series A" })).toBeVisible();
  roomPath = new URL(page.url()).pathname;
});

test("two documents go in, a folder is made, and the keyboard moves and reorders them", async () => {
  for (const title of ["Pitch deck", "Financials Q1"]) {
    await page.getByLabel("Document", { exact: true }).selectOption({ label: title });
    await page.getByRole("button", { name: "Add document" }).click();
    await expect(page.getByRole("listitem", { name: title })).toBeVisible();
  }
  await page.getByLabel("Folder name", { exact: true }).fill("Legal");
  await page.getByRole("button", { name: "New folder" }).click();
  await expect(folder("Legal")).toBeVisible();

  await page.getByLabel("Move Financials Q1 to folder").selectOption({ label: "Legal" });
  await expect(folder("Legal").getByRole("listitem", { name: "Financials Q1" })).toBeVisible();
  await page.getByLabel("Move Pitch deck to folder").selectOption({ label: "Legal" });
  await expect(folder("Legal").locator("li")).toHaveText([/^1\.1\s*Financials Q1/, /^1\.2\s*Pitch deck/]);

  await page.getByRole("listitem", { name: "Pitch deck" }).getByRole("button", { name: "Move up" }).press("Enter");
  await expect(folder("Legal").locator("li")).toHaveText([/^1\.1\s*Pitch deck/, /^1\.2\s*Financials Q1/]);
});

test("a recipient link is created beside the default link", async () => {
  await page.getByLabel("Recipient", { exact: true }).fill("Jane at Sequoia");
  await page.getByRole("button", { name: "Create link" }).click();
  const links = page.getByRole("list", { name: "Room links" });
  await expect(links.getByRole("listitem")).toHaveCount(2);
  await expect(links.getByRole("listitem", { name: "Default link" })).toContainText("/s/");
  await expect(links.getByRole("listitem", { name: "Jane at Sequoia" })).toContainText("/s/");
});

test("a PDF uploaded from the room page goes into the chosen folder", async () => {
  const upload = page.getByRole("form", { name: "Upload into the room" });
  await upload.locator("#upload-file").setInputFiles({
    name: "board-minutes.pdf",
    mimeType: "application/pdf",
    buffer: await samplePdf(2, "Board minutes"),
  });
  await upload.getByLabel("Into folder").selectOption({ label: "Legal" });
  await upload.getByRole("button", { name: "Upload and add" }).click();
  await expect(folder("Legal").getByRole("listitem", { name: "board minutes" })).toBeVisible({ timeout: 30_000 });
  await expect(upload.getByRole("button", { name: "Upload and add" })).toBeDisabled();
});

test("a folder moves into another with the keyboard's Move to select, and deleting that one keeps what it held", async () => {
  await page.getByLabel("Folder name", { exact: true }).fill("Archive");
  await page.getByRole("button", { name: "New folder" }).click();
  await expect(folder("Archive")).toBeVisible();
  // A folder is never offered as a place for itself.
  await expect(page.getByLabel("Move folder Archive to").locator("option")).toHaveText(["Top level", "Legal"]);

  await page.getByLabel("Move folder Legal to").selectOption({ label: "Archive" });
  await expect(folder("Archive").getByRole("region", { name: "Folder Legal" })).toBeVisible();
  await expect(page.getByLabel("Move folder Archive to").locator("option")).toHaveText(["Top level"]);

  await folder("Archive").getByRole("button", { name: "Delete folder" }).first().click();
  const confirm = page.getByRole("alertdialog", { name: "Delete the folder “Archive”?" });
  await confirm.getByRole("button", { name: "Delete folder" }).click();
  await expect(folder("Archive")).toHaveCount(0);
  await expect(folder("Legal").locator("li")).toHaveText([/^1\.1\s*Pitch deck/, /^1\.2\s*Financials Q1/, /^1\.3\s*board minutes/]);
});

test("a recipient link's own rules are edited, then it is disabled and enabled, and deleted after asking", async ({ request }) => {
  const jane = page.getByRole("listitem", { name: "Jane at Sequoia" });
  await expect(jane).toContainText("Follows the room's settings.");
  await jane.getByRole("button", { name: "Edit Jane at Sequoia" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit “Jane at Sequoia”" });
  await expect(dialog.getByLabel("Downloads")).toHaveValue("document");
  await expect(dialog.getByLabel("Downloads").locator("option").first()).toHaveText("Follow the room");
  await dialog.getByLabel("Downloads").selectOption("off");
  await dialog.getByText("More rules").click();
  await dialog.getByLabel("Watermark").fill("Confidential · {email}");
  expect(await axeViolations(page, "dialog[open]")).toEqual([]);
  await dialog.getByRole("button", { name: "Save link" }).click();
  await expect(dialog).toBeHidden();
  await expect(jane).toContainText("Its own downloads, watermark; the rest follows the room.");
  let link = (await apiLinks(request)).get("Jane at Sequoia")!;
  expect(link.settings).toMatchObject({ allow_download: false, watermark: "Confidential · {email}" });

  await jane.getByRole("button", { name: "Disable" }).click();
  await expect(jane.getByText("Disabled", { exact: true })).toBeVisible();
  expect((await apiLinks(request)).get("Jane at Sequoia")!.is_active).toBe(false);
  await jane.getByRole("button", { name: "Enable" }).click();
  await expect(jane.getByText("Disabled", { exact: true })).toHaveCount(0);

  await page.getByLabel("Recipient", { exact: true }).fill("Bo at Index");
  await page.getByRole("button", { name: "Create link" }).click();
  const bo = page.getByRole("listitem", { name: "Bo at Index" });
  await bo.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog", { name: "Delete “Bo at Index”?" }).getByRole("button", { name: "Delete link" }).click();
  await expect(bo).toHaveCount(0);
  link = (await apiLinks(request)).get("Jane at Sequoia")!;
  expect([link.is_active, (await apiLinks(request)).has("Bo at Index")]).toEqual([true, false]);
});

test("the room is renamed and its rules saved: gate, downloads, password and the access rules", async ({ request }) => {
  const form = settingsForm();
  await form.getByLabel("Name", { exact: true }).fill("Series A (final)");
  await form.getByLabel("Description").fill("Everything for the round, signed");
  await form.getByLabel("Email gate").selectOption("none");
  await form.getByLabel("Allow downloads").uncheck();
  await form.getByLabel("Password", { exact: true }).fill("open sesame");
  await form.getByLabel("Never these readers").fill("rival.com\nspy@example.com");
  await form.getByLabel("Watermark").fill("{email} · {date}");
  await form.getByLabel("Agreement").fill("I keep this to myself.");
  await form.getByRole("button", { name: "Save settings" }).click();
  await expect(form.getByRole("status")).toHaveText("Saved.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Series A (final)");

  await page.reload();
  await expect(settingsForm().getByLabel("Email gate")).toHaveValue("none");
  await expect(settingsForm().getByLabel("Allow downloads")).not.toBeChecked();
  await expect(settingsForm().getByLabel("Never these readers")).toHaveValue("rival.com\nspy@example.com");
  await expect(settingsForm().getByLabel("Remove the password")).not.toBeChecked();
  const room = await (await request.get(`/api/v1/rooms/${roomId()}`, { headers: owner.auth })).json();
  expect(room).toMatchObject({
    name: "Series A (final)",
    description: "Everything for the round, signed",
    settings: {
      gate_type: "none",
      allow_download: false,
      password: true,
      watermark: "{email} · {date}",
      agreement: "I keep this to myself.",
    },
  });
  // Jane's link follows the room's new gate and keeps the watermark it overrides.
  expect((await apiLinks(request)).get("Jane at Sequoia")!.settings).toMatchObject({
    gate_type: "none",
    watermark: "Confidential · {email}",
  });
});

test("axe finds nothing wrong with the rooms list and the room page", async () => {
  for (const path of ["/rooms", roomPath]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await axeViolations(page), `axe on ${path}`).toEqual([]);
  }
});

test("the rooms list counts the room's documents, and it and the room page fit a 390 px phone", async ({ browser }) => {
  const phone = await signedIn(browser, owner, screenOf(PHONE));
  for (const path of ["/rooms", roomPath]) {
    await phone.goto(path);
    await expect(phone.getByRole("heading", { level: 1 })).toBeVisible();
    if (path === "/rooms") await expect(phone.getByRole("listitem").filter({ hasText: "Series A" })).toContainText("3 documents");
    const { scrollWidth, outside } = await horizontalOverflow(phone);
    expect(outside).toEqual([]);
    expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(phone), `axe on ${path} at 390 px`).toEqual([]);
  }
  await phone.close();
});

test("the room is deleted after asking, and leaves the rooms list", async () => {
  await page.goto(roomPath);
  await page.getByRole("button", { name: "Delete room" }).click();
  await page.getByRole("alertdialog", { name: "Delete the room “Series A (final)”?" }).getByRole("button", { name: "Delete room" }).click();
  await expect(page).toHaveURL(/\/rooms$/);
  await expect(page.getByRole("heading", { name: "No rooms yet" })).toBeVisible();
  expect((await page.goto(roomPath))?.status()).toBe(404);
});
