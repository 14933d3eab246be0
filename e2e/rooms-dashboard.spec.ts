import { type Page, expect, test } from "@playwright/test";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { horizontalOverflow } from "../test/support/playwright/overflow";
import { PHONE } from "../test/support/playwright/showcase";
import { screenOf, signedIn } from "../test/support/playwright/sign-in";
import { uploadOk } from "../test/support/playwright/upload";

/**
 * Data rooms from the owner's side (issue 29, item 6): a room from the empty Rooms page, two of the
 * team's documents in it, a folder, a document moved into it and reordered with the keyboard's
 * controls (not drag and drop), a recipient link, and a page that fits a phone.
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
  await expect(folder("Legal").locator("li")).toHaveText([/^Financials Q1/, /^Pitch deck/]);

  await page.getByRole("listitem", { name: "Pitch deck" }).getByRole("button", { name: "Move up" }).press("Enter");
  await expect(folder("Legal").locator("li")).toHaveText([/^Pitch deck/, /^Financials Q1/]);
});

test("a recipient link is created beside the default link", async () => {
  await page.getByLabel("Recipient", { exact: true }).fill("Jane at Sequoia");
  await page.getByRole("button", { name: "Create link" }).click();
  const links = page.getByRole("list", { name: "Room links" });
  await expect(links.getByText("Default link")).toBeVisible();
  await expect(links.getByText("Jane at Sequoia")).toBeVisible();
});

test("the room's settings are saved and shown again", async () => {
  await page.getByLabel("Email gate").selectOption("none");
  await page.getByLabel("Allow downloads").uncheck();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The room's settings are saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Email gate")).toHaveValue("none");
  await expect(page.getByLabel("Allow downloads")).not.toBeChecked();
});

test("the rooms list counts the room's documents, and it and the room page fit a 390 px phone", async ({ browser }) => {
  const phone = await signedIn(browser, owner, screenOf(PHONE));
  for (const path of ["/rooms", roomPath]) {
    await phone.goto(path);
    await expect(phone.getByRole("heading", { level: 1 })).toBeVisible();
    if (path === "/rooms") await expect(phone.getByRole("listitem").filter({ hasText: "Series A" })).toContainText("2 documents");
    const { scrollWidth, outside } = await horizontalOverflow(phone);
    expect(outside).toEqual([]);
    expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
  }
  await expect(phone.getByText("Room analytics are coming")).toBeVisible();
});
