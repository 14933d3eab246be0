import { expect, test } from "@playwright/test";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { signedIn } from "../test/support/playwright/sign-in";
import { uploadOk } from "../test/support/playwright/upload";
import { SCREENS, shotsAndAxe } from "../test/support/playwright/screens";

/**
 * People and today's story (issue 45, items 1 and 2): while a reader reads in another browser, the
 * overview's "Reading now" shows them on their page without a reload; the Contacts page lists them
 * and opens their timeline.
 */
let owner: Account;
test.beforeAll(async () => {
  owner = await newAccount("contacts");
});

test("Reading now follows a reader live; Contacts lists them and opens their timeline", async ({ browser, request }) => {
  test.setTimeout(90_000);
  const doc = await uploadOk(request, owner, { pages: 3, fields: { title: "Seed memo", email_gate: "true", gate_type: "full" } });

  const dashboard = await signedIn(browser, owner);
  await dashboard.setViewportSize(SCREENS[0][1]);
  await dashboard.goto("/overview");
  const now = dashboard.getByTestId("reading-now");
  await expect(now).toContainText("No one is reading right now");

  const reader = await (await browser.newContext()).newPage();
  await reader.goto(`/s/${doc.short_code.slice(2)}`);
  await reader.getByLabel("Email").fill("ada@analytical.example");
  await reader.getByRole("button", { name: "Continue" }).click();
  await expect(reader.getByTestId("pdf-page-1")).toHaveAttribute("data-rendered", "true", { timeout: 20_000 });
  await reader.mouse.move(300, 300);

  // The overview was not reloaded: its poll brings the reader in, on their page.
  const row = now.getByTestId("reader-now");
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row).toContainText("ada@analytical.example");
  await expect(row).toContainText("Seed memo");
  await expect(row).toContainText(/Page 1 of 3/);
  await reader.context().close();
  await dashboard.reload();
  await expect(dashboard.getByTestId("recent-activity")).toContainText("ada@analytical.example read Seed memo");
  await shotsAndAxe(dashboard, "overview");

  await dashboard.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contacts" }).click();
  await expect(dashboard.getByRole("heading", { name: "Contacts", level: 1 })).toBeVisible();
  await dashboard.getByLabel("Search").fill("ADA@");
  await dashboard.getByRole("button", { name: "Apply" }).click();
  await expect(dashboard).toHaveURL(/search=ADA%40/);
  const contact = dashboard.getByTestId("contact-row");
  await expect(contact).toHaveCount(1);
  await expect(contact).toContainText("analytical.example");
  await expect(contact).toContainText("Lead");
  await shotsAndAxe(dashboard, "contacts");

  await contact.getByRole("link", { name: "ada@analytical.example" }).click();
  await expect(dashboard).toHaveURL(/\/contacts\/ada(%40|@)analytical\.example$/);
  await expect(dashboard.getByRole("heading", { level: 1 })).toContainText("ada@analytical.example");
  const events = dashboard.getByTestId("contact-event");
  await expect(events.first()).toContainText("Read Seed memo");
  await expect(events.last()).toContainText("Gave their email at Seed memo");
  await shotsAndAxe(dashboard, "contact");
});
