import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { axeViolations } from "../test/support/playwright/axe";
import { db } from "../test/support/playwright/database";
import { signedIn } from "../test/support/playwright/sign-in";
import { uploadOk } from "../test/support/playwright/upload";

/**
 * A room's analytics on its dashboard page (issue 29, item 6): what one reader did through a
 * recipient link — who they are, the link, the document they opened — and the viewers' CSV; and
 * (issue 40, items 8 and 10) the room's ZIP they downloaded and the agreement they accepted, on the
 * room's page and the document's.
 */
let owner: Account;
test.beforeAll(async () => {
  owner = await newAccount("rooms-analytics");
});

async function api<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const response = await request.post(`/api/v1${path}`, { headers: owner.auth, data });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

const AGREEMENT = "I will keep the seed round materials confidential.";
const statValue = (page: Page, label: string) => page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("+ dd");

test("a reader of one document through a recipient link shows on the room page with their email, the document, the link, their ZIP and agreement, and in its CSV", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const room = await api<{ id: string }>(request, "/rooms", { name: "Seed round", settings: { email_gate: true, agreement: AGREEMENT } });
  const codes: string[] = [];
  for (const title of ["Pitch deck", "Cap table"]) {
    const doc = await uploadOk(request, owner, { pages: 2, fields: { title, email_gate: "false" } });
    await api(request, `/rooms/${room.id}/documents`, { short_code: doc.short_code });
    codes.push(doc.short_code);
  }
  const link = await api<{ code: string }>(request, `/rooms/${room.id}/links`, { name: "Jane at Fund A" });

  const dashboard = await signedIn(browser, owner);
  await dashboard.goto(`/rooms/${room.id}`);
  await expect(dashboard.getByText("No one has opened this room yet. Share a link to see who reads what.")).toBeVisible();

  const reader = await (await browser.newContext()).newPage();
  await reader.goto(`/s/${link.code}`);
  const gate = reader.getByTestId("email-gate");
  await gate.getByLabel("Email").fill("jane@fund-a.example");
  await gate.getByRole("button", { name: "Continue" }).click();
  await reader.getByTestId("agreement").getByRole("button", { name: "I agree" }).click();
  const [zip] = await Promise.all([reader.waitForEvent("download"), reader.getByRole("link", { name: "Download all (ZIP)" }).click()]);
  await zip.path();
  await reader.getByTestId("room-document").getByRole("link", { name: "Pitch deck", exact: true }).click();
  await expect(reader.getByTestId("pdf-page-1")).toHaveAttribute("data-rendered", "true", { timeout: 20_000 });
  await reader.mouse.move(300, 300);
  await expect
    .poll(() => db.visit.count({ where: { document: { teamId: owner.teamId }, viewer: { email: "jane@fund-a.example" } } }))
    .toBe(1);
  await reader.context().close();

  await dashboard.reload();
  const visitor = dashboard.getByTestId("visitors-table").getByRole("row").filter({ hasText: "jane@fund-a.example" });
  await expect(visitor).toContainText("Jane at Fund A");
  const opened = visitor.getByRole("list", { name: "Documents jane@fund-a.example opened or downloaded" });
  await expect(opened.getByRole("listitem").filter({ hasText: "Pitch deck" })).toContainText(/read · downloaded in the ZIP$/);
  await expect(opened.getByRole("listitem").filter({ hasText: "Cap table" })).toContainText(/Cap table\s*downloaded in the ZIP$/);
  await expect(visitor).toContainText("Accepted the agreement on");
  await expect(statValue(dashboard, "Downloads")).toHaveText("2");
  await expect(statValue(dashboard, "ZIP downloads")).toHaveText("1");
  await expect(dashboard.getByTestId("agreements-table").getByRole("row", { name: /jane@fund-a\.example/ })).toContainText(
    `${AGREEMENT}Jane at Fund A`,
  );
  await expect(dashboard.getByTestId("room-link-stats").getByRole("row", { name: /Jane at Fund A/ })).toHaveText(
    /^Jane at Fund A\s*1\s*1$/,
  );
  await expect(dashboard.getByTestId("room-document-stats").getByRole("row")).toHaveCount(3);

  const csvHref = await dashboard.getByRole("link", { name: "Download CSV" }).getAttribute("href");
  const csv = await dashboard.request.get(csvHref!);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain("jane@fund-a.example");
  expect(await axeViolations(dashboard)).toEqual([]);

  // The document's own page names the room's agreement its reader accepted.
  await dashboard.goto(`/documents/${codes[0]!.slice(2)}`);
  await expect(dashboard.getByTestId("agreements-table").getByRole("row", { name: /jane@fund-a\.example/ })).toContainText(
    `${AGREEMENT}Room “Seed round” · Jane at Fund A`,
  );
  expect(await axeViolations(dashboard, "[data-testid=agreements-table]")).toEqual([]);
});
