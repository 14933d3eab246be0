import { expect, test } from "@playwright/test";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { signedIn } from "../test/support/playwright/sign-in";
import { uploadOk } from "../test/support/playwright/upload";
import { shotsAndAxe } from "../test/support/playwright/screens";

/**
 * Sharing in one step (issue 45, item 4): an empty account sees the upload, not filters; the
 * documents list copies and opens each link and says when it was last read; filters apply as the
 * owner types; a new link's address is copied as it is made; link rows and pages say their rules;
 * an expiry in the past and signing out everywhere ask first; an API key needs a name.
 */
let owner: Account;
test.beforeAll(async () => {
  owner = await newAccount("one-step");
});

test("from an empty account to a shared link: no filters before the first upload, then copy, open, type to filter, a copied new link", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const page = await signedIn(browser, owner, { permissions: ["clipboard-read", "clipboard-write"] });
  await expect(page.getByRole("search")).toHaveCount(0);

  const deck = await uploadOk(request, owner, { pages: 2, fields: { title: "Board deck", email_gate: "false" } });
  await uploadOk(request, owner, { pages: 1, fields: { title: "Cap table", email_gate: "false" } });
  await page.reload();
  const row = page.getByRole("row", { name: /Board deck/ });
  await expect(row).toContainText("Not yet");
  const open = row.getByRole("link", { name: "Open as a reader (new tab)" });
  await expect(open).toHaveAttribute("href", deck.url);
  await expect(open).toHaveAccessibleDescription("Board deck");
  await row.getByRole("button", { name: "Copy link" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(deck.url);

  // Typing filters the list without pressing Apply.
  await page.getByRole("searchbox").fill("cap");
  await expect(page).toHaveURL(/\/documents\?search=cap(&|$)/);
  await expect(page.getByRole("row", { name: /Cap table/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /Board deck/ })).toHaveCount(0);
  await page.getByLabel("Sort by").selectOption("title");
  await expect(page).toHaveURL(/sort=title/);
  await shotsAndAxe(page, "documents-list");

  await page.goto(`/documents/${deck.short_code}`);
  await page.getByRole("button", { name: "New link" }).click();
  const dialog = page.getByRole("dialog", { name: "New link" });
  await dialog.getByLabel("Name").fill("Investor link");
  await dialog.getByLabel("Downloads").selectOption("off");
  await dialog.getByRole("button", { name: "Create link" }).click();
  const created = page.getByTestId("link-created");
  await expect(created).toHaveText("“Investor link” created; its link is copied.");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/s\/[a-z0-9]{10}$/);
  const linkRow = page.getByRole("row", { name: /Investor link/ });
  await expect(linkRow).toContainText("Its own downloads; the rest follows the document.");

  // The link's page says its rules and can edit them; an expiry in the past is asked about first.
  await linkRow.getByRole("link", { name: "Investor link" }).click();
  await expect(page.getByTestId("link-rules")).toHaveText("Its own downloads; the rest follows the document.");
  await page.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit “Investor link”" });
  await edit.getByLabel("Expiry", { exact: true }).selectOption("at");
  await edit.getByLabel("Expiry date and time (your local time)").fill("2020-01-01T09:00");
  await edit.getByRole("button", { name: "Save link" }).click();
  const ask = page.getByRole("alertdialog", { name: "This time has already passed" });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toBeHidden();
  await edit.getByLabel("Expiry", { exact: true }).selectOption("never");
  await edit.getByRole("button", { name: "Save link" }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByTestId("link-rules")).toHaveText("Its own downloads, expiry; the rest follows the document.");
  await shotsAndAxe(page, "link-page");
});

test("an API key needs a name: a blank one is refused in words and no key is made", async ({ browser, request }) => {
  const page = await signedIn(browser, owner);
  await page.goto("/settings/api-keys");
  const before = await page.getByRole("row").count();
  await page.getByRole("button", { name: "Create API key" }).click();
  await expect(page.getByText("Name the key after what will use it, e.g. “CRM sync”")).toBeVisible();
  await expect(page.getByTestId("new-api-key")).toHaveCount(0);
  await page.reload();
  expect(await page.getByRole("row").count()).toBe(before);
  expect((await request.get("/api/v1/documents", { headers: owner.auth })).status()).toBe(200);
});
