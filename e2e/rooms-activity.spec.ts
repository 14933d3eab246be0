import { type APIRequestContext, expect, test } from "@playwright/test";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { axeViolations } from "../test/support/playwright/axe";
import { db } from "../test/support/playwright/database";
import { signedIn } from "../test/support/playwright/sign-in";
import { uploadOk } from "../test/support/playwright/upload";

/**
 * Index numbers and the activity record (issue 43, items 3 and 4): the reader's tree numbers the
 * room's folders and documents, and the owner's activity record lists what the reader did.
 */
let owner: Account;
test.beforeAll(async () => {
  owner = await newAccount("rooms-activity");
});

async function api<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const response = await request.post(`/api/v1${path}`, { headers: owner.auth, data });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

test("the reader's tree shows each item's index number; the owner's activity record and the link's own page list the reader's gate and view", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const room = await api<{ id: string }>(request, "/rooms", { name: "Series B", settings: { email_gate: true } });
  const folder = await api<{ id: string }>(request, `/rooms/${room.id}/folders`, { name: "Financials" });
  const deck = await uploadOk(request, owner, { pages: 2, fields: { title: "Pitch deck", email_gate: "false" } });
  // A script's upload goes straight into the room's folder.
  await uploadOk(request, owner, { pages: 1, fields: { title: "Cap table", email_gate: "false", folder_id: folder.id } });
  await api(request, `/rooms/${room.id}/documents`, { short_code: deck.short_code });
  const link = await api<{ code: string }>(request, `/rooms/${room.id}/links`, { name: "Jane at Fund A" });

  const reader = await (await browser.newContext()).newPage();
  await reader.goto(`/s/${link.code}`);
  const gate = reader.getByTestId("email-gate");
  await gate.getByLabel("Email").fill("jane@fund-a.example");
  await gate.getByRole("button", { name: "Continue" }).click();
  const documents = reader.getByRole("region", { name: "Documents" });
  await expect(documents.locator("summary").getByTestId("index-number")).toHaveText("1");
  await expect(reader.getByTestId("room-document")).toHaveText([/Cap table/, /Pitch deck/]);
  await expect(reader.getByTestId("room-document").getByTestId("index-number")).toHaveText(["1.1", "2"]);
  await expect(reader.getByRole("link", { name: "ZIP with index numbers" })).toHaveAttribute("href", `/s/${link.code}/zip?index=1`);

  await reader.getByTestId("room-document").getByRole("link", { name: "Pitch deck", exact: true }).click();
  await expect(reader.getByTestId("pdf-page-1")).toHaveAttribute("data-rendered", "true", { timeout: 20_000 });
  await reader.mouse.move(300, 300);
  await expect
    .poll(() => db.visit.count({ where: { document: { teamId: owner.teamId }, viewer: { email: "jane@fund-a.example" } } }))
    .toBe(1);
  await reader.context().close();

  const dashboard = await signedIn(browser, owner);
  await dashboard.goto(`/rooms/${room.id}`);
  await dashboard.getByRole("link", { name: "Activity record" }).click();
  await expect(dashboard.getByRole("heading", { name: "Activity in Series B" })).toBeVisible();
  const items = dashboard.getByTestId("activity-item");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText("Opened a document");
  await expect(items.nth(0)).toContainText("2Pitch deck");
  await expect(items.nth(0)).toContainText("jane@fund-a.example");
  await expect(items.nth(0)).toContainText("Jane at Fund A");
  await expect(items.nth(1)).toContainText("Passed the gate");

  await dashboard.getByLabel("Event").selectOption({ label: "Passed the gate" });
  await dashboard.getByRole("button", { name: "Apply" }).click();
  await expect(dashboard).toHaveURL(/kind=gate_passed/);
  await expect(items).toHaveCount(1);
  const csv = await dashboard.request.get((await dashboard.getByRole("link", { name: "Download CSV" }).getAttribute("href"))!);
  expect((await csv.text()).trimEnd().split("\r\n")).toEqual([
    expect.stringMatching(/^at,kind,email,/),
    expect.stringMatching(new RegExp(`,gate_passed,jane@fund-a\\.example,${link.code},Jane at Fund A,`)),
  ]);
  expect(await axeViolations(dashboard)).toEqual([]);

  await dashboard.goto(`/rooms/${room.id}`);
  await dashboard.getByRole("link", { name: "Jane at Fund A" }).click();
  await expect(dashboard.getByRole("heading", { name: "Jane at Fund A" })).toBeVisible();
  await expect(dashboard.getByText("It opens the whole room.")).toBeVisible();
  const summary = dashboard.getByRole("region", { name: "Through this link, all time" });
  await expect(summary.getByText("Readers").locator("..")).toContainText("1");
  await expect(summary.getByText("Documents opened").locator("..")).toContainText("1");
  await expect(dashboard.getByTestId("room-link-last-read")).toContainText("Last read");
  await expect(items).toHaveCount(2);
  expect(await axeViolations(dashboard)).toEqual([]);
});
