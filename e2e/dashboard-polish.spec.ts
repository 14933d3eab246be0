import { expect, type Page, type Route, test } from "@playwright/test";
import { recomputeAggregates } from "../lib/analytics/recompute-aggregates";
import { addViewer } from "../scripts/lib/activity";
import { samplePdf } from "../scripts/lib/sample-pdf";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import "../test/support/playwright/database";
import { uploadOk } from "../test/support/playwright/upload";
import { signedIn } from "../test/support/playwright/sign-in";

test.describe.configure({ timeout: 90_000 });

const DAY = 86_400_000;

const documentTitles = (page: Page) => page.getByRole("table", { name: "Documents" }).locator("tbody tr td:first-child a");

/** GET /api/v1/documents/{code} with the account's key: the document's stored settings. */
async function storedDocument(page: Page, account: Account, shortCode: string) {
  const response = await page.request.get(`/api/v1/documents/${shortCode}`, { headers: account.auth });
  expect(response.status()).toBe(200);
  return (await response.json()) as { title: string; settings: Record<string, unknown> };
}

test.describe("search, filters and sort on /documents", () => {
  let owner: Account;
  test.beforeAll(async ({ request }) => {
    owner = await newAccount();
    const roadmap = await uploadOk(request, owner, { pages: 2, fields: { title: "Roadmap 2027" } });
    const budget = await uploadOk(request, owner, { pages: 1, fields: { title: "Budget memo" } });
    await uploadOk(request, owner, { pages: 3, fields: { title: "Acme pitch" } });
    const recently = (days: number) => new Date(Date.now() - days * DAY);
    await addViewer(roadmap.id, {
      email: "cfo@globex.com",
      leadAt: recently(2),
      visits: [
        {
          startedAt: recently(2),
          pages: [
            [1, 30],
            [2, 30],
          ],
        },
        { startedAt: recently(1), pages: [[1, 20]] },
      ],
    });
    await addViewer(budget.id, { visits: [{ startedAt: recently(1), pages: [[1, 2]] }] });
    await recomputeAggregates([roadmap.id, budget.id]);
  });

  test("typing a title into the search box and pressing Apply lists only that document, with no empty parameters sent", async ({
    browser,
  }) => {
    const page = await signedIn(browser, owner);
    await expect(documentTitles(page)).toHaveText(["Acme pitch", "Budget memo", "Roadmap 2027"]);
    await page.getByRole("searchbox", { name: "Search titles" }).fill("roadmap");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/documents\?search=roadmap&sort=created_at$/);
    await expect(documentTitles(page)).toHaveText(["Roadmap 2027"]);
    await expect(page.getByText("Some filters were not understood")).toHaveCount(0);
  });

  test("the engagement and leads filters and every sort work from the page", async ({ browser }) => {
    const page = await signedIn(browser, owner);
    await page.getByLabel("Engagement").selectOption({ label: "Not Opened" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/documents\?engagement=not_opened&sort=created_at$/);
    await expect(documentTitles(page)).toHaveText(["Acme pitch"]);

    await page.getByLabel("Engagement").selectOption({ label: "Any engagement" });
    await page.getByLabel("Leads").selectOption({ label: "With leads" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/documents\?has_leads=true&sort=created_at$/);
    await expect(documentTitles(page)).toHaveText(["Roadmap 2027"]);

    await page.getByLabel("Leads").selectOption({ label: "Without leads" });
    await page.getByLabel("Sort by").selectOption({ label: "Title A–Z" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(documentTitles(page)).toHaveText(["Acme pitch", "Budget memo"]);

    await page.getByLabel("Leads").selectOption({ label: "With or without leads" });
    await page.getByLabel("Sort by").selectOption({ label: "Most viewed" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/documents\?sort=views$/);
    await expect(documentTitles(page)).toHaveText(["Roadmap 2027", "Budget memo", "Acme pitch"]);
    await expect(page.getByText("Some filters were not understood")).toHaveCount(0);
  });

  test("a URL with empty parameters (an old bookmark, a form without JavaScript) reads them as not given", async ({ browser }) => {
    const page = await signedIn(browser, owner);
    await page.goto("/documents?search=Budget&engagement=&has_leads=&sort=");
    await expect(documentTitles(page)).toHaveText(["Budget memo"]);
    await expect(page.getByText("Some filters were not understood")).toHaveCount(0);
    await page.goto("/documents?has_leads=maybe");
    await expect(page.getByText("Some filters were not understood and were ignored.")).toBeVisible();
  });

  test("the API's list reads an empty parameter as not given, and still refuses a wrong one", async ({ request }) => {
    const list = (query: string) => request.get(`/api/v1/documents?${query}`, { headers: owner.auth });
    const empty = await list("search=&engagement=&has_leads=&sort=&order=&since=&until=&page=&per_page=");
    expect(empty.status()).toBe(200);
    const body = (await empty.json()) as { documents: Array<{ title: string }>; pagination: { page: number; per_page: number } };
    expect(body.documents.map((d) => d.title)).toEqual(["Acme pitch", "Budget memo", "Roadmap 2027"]);
    expect(body.pagination).toMatchObject({ page: 1, per_page: 20 });
    expect(((await (await list("search=Road&has_leads=")).json()) as typeof body).documents.map((d) => d.title)).toEqual(["Roadmap 2027"]);
    for (const [query, parameter] of [
      ["has_leads=yes", "has_leads"],
      ["engagement=hot", "engagement"],
      ["sort=size", "sort"],
    ]) {
      const refused = await list(query!);
      expect(refused.status(), query).toBe(400);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(parameter);
    }
  });

  test("counts read in the singular for one: 1 page, 1 view, 1 lead", async ({ browser }) => {
    const page = await signedIn(browser, owner);
    const budgetRow = page.getByRole("table", { name: "Documents" }).locator("tr", { hasText: "Budget memo" });
    await expect(budgetRow).toContainText("1 page");
    await expect(budgetRow).not.toContainText("1 pages");
    await page.goto("/documents?per_page=2");
    await expect(page.getByText("Page 1 of 2 · 3 documents")).toBeVisible();
    await page.goto("/overview");
    const top = (title: string) => page.locator("li", { has: page.getByRole("link", { name: title }) });
    await expect(top("Budget memo")).toContainText("1 view");
    await expect(top("Budget memo")).toContainText("0 leads");
    await expect(top("Roadmap 2027")).toContainText("2 views");
    await expect(top("Roadmap 2027")).toContainText("1 lead");
    await expect(page.getByText(/\b1 (views|leads)\b/)).toHaveCount(0);
  });
});

test.describe("the upload form", () => {
  test("a checkbox changed right after picking the file is kept when the page count arrives, and the document is created with it", async ({
    browser,
  }) => {
    const owner = await newAccount();
    const page = await signedIn(browser, owner);
    // The page count comes from pdf.js in the browser; its worker is held so the count surely arrives after the click.
    const held: Route[] = [];
    await page.route("**/*pdf.worker*", (route) => void held.push(route));
    await page.locator("#upload-file").setInputFiles({ name: "board-pack.pdf", mimeType: "application/pdf", buffer: await samplePdf(2) });
    const download = page.getByRole("checkbox", { name: /Allow download/ });
    await download.uncheck();
    await page.getByRole("checkbox", { name: /Require a work email/ }).check();
    await expect(page.getByText("board-pack.pdf", { exact: false })).not.toContainText("pages");
    await expect.poll(() => held.length).toBeGreaterThan(0);
    for (const route of held) await route.continue();
    await page.unroute("**/*pdf.worker*");
    await expect(page.getByText(/board-pack\.pdf.*· 2 pages/)).toBeVisible();

    await expect(download).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: /Require a work email/ })).toBeChecked();
    // The free-preview default follows the page count it did not have before: 2 pages leave 1 free.
    await expect(page.getByLabel("Free preview pages")).toHaveValue("1");
    await page.getByRole("button", { name: "Upload and create link" }).click();
    await expect(page).toHaveURL(/\/documents\/[a-z0-9]+\?uploaded=1$/);
    const code = new URL(page.url()).pathname.split("/").pop()!;
    const stored = await storedDocument(page, owner, code);
    expect(stored.settings).toMatchObject({ allow_download: false, block_free_emails: true, gate_page: 2 });
  });

  test("a file that is not a PDF inside, though named .pdf, is refused inline the moment it is picked", async ({ browser, request }) => {
    const owner = await newAccount();
    await uploadOk(request, owner, { pages: 1 });
    const page = await signedIn(browser, owner);
    await page.getByRole("button", { name: "Upload file" }).click();
    const form = page.getByRole("form", { name: "Upload a document" });
    await page
      .locator("#upload-file")
      .setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("Hello, I am text") });
    const problem = "notes.pdf is not a PDF inside, whatever its name says (it does not start with %PDF-). Choose a real PDF.";
    await expect(form.getByRole("alert")).toHaveText(problem);
    await expect(page.locator("#upload-file")).toHaveAttribute("aria-describedby", "upload-file-error");
    await expect(form.getByRole("button", { name: "Upload and create link" })).toBeDisabled();
    await expect(form.getByLabel("Title", { exact: true })).toHaveValue("");

    // A real PDF afterwards clears the problem and can be sent.
    await page.locator("#upload-file").setInputFiles({ name: "real.pdf", mimeType: "application/pdf", buffer: await samplePdf(1) });
    await expect(form.getByRole("alert")).toHaveCount(0);
    await expect(form.getByRole("button", { name: "Upload and create link" })).toBeEnabled();
  });
});

test.describe("time, names and periods", () => {
  let owner: Account;
  let code = "";
  let shortCode = "";
  test.beforeAll(async ({ request }) => {
    owner = await newAccount();
    const doc = await uploadOk(request, owner, { pages: 120, fields: { title: "Series B — deck", email_gate: "false" } });
    shortCode = doc.short_code;
    code = shortCode.slice(2);
    // A reader whose visit began 2026-01-15 03:30 UTC: 22:30 the evening before in New York.
    await addViewer(doc.id, {
      email: "lp@fund.com",
      leadAt: new Date("2026-01-15T03:30:00Z"),
      visits: [
        {
          startedAt: new Date("2026-01-15T03:30:00Z"),
          pages: [
            [1, 5],
            [9, 5],
            [10, 5],
            [11, 5],
            [99, 5],
            [100, 5],
            [120, 5],
          ],
        },
      ],
    });
    await addViewer(doc.id, {
      email: "recent@fund.com",
      leadAt: new Date(Date.now() - DAY),
      visits: [{ startedAt: new Date(Date.now() - DAY), pages: [[1, 5]] }],
    });
    await recomputeAggregates([doc.id]);
  });

  test("times show on the browser's clock, with UTC in the tooltip", async ({ browser }) => {
    const page = await signedIn(browser, owner, { timezoneId: "America/New_York" });
    await page.goto(`/documents/${code}`);
    const captured = page.getByTestId("leads-table").locator("tr", { hasText: "lp@fund.com" }).locator("time");
    await expect(captured).toHaveText("2026-01-14 22:30");
    await expect(captured).toHaveAttribute("title", "2026-01-15 03:30 UTC");
    await expect(captured).toHaveAttribute("datetime", "2026-01-15T03:30:00.000Z");
    await page.getByTestId("reader-row").filter({ hasText: "lp@fund.com" }).click();
    const visit = page.getByTestId("timeline-visit").locator("time");
    await expect(visit).toHaveText("2026-01-14 22:30");
    await expect(visit).toHaveAttribute("title", "2026-01-15 03:30 UTC");
  });

  test("page labels in a visit's timeline stay clear of their bars at pages 10, 100 and beyond", async ({ browser }) => {
    const page = await signedIn(browser, owner, { viewport: { width: 390, height: 844 } });
    await page.goto(`/documents/${code}`);
    await page.getByTestId("reader-row").filter({ hasText: "lp@fund.com" }).click();
    const rows = page.getByRole("list", { name: "Time per page in visit 1" }).getByRole("listitem");
    await expect(rows).toHaveCount(7);
    const lefts = new Set<number>();
    for (const row of await rows.all()) {
      const label = (await row.getByTestId("page-label").boundingBox())!;
      const bar = (await row.getByTestId("page-bar").boundingBox())!;
      expect(label.x + label.width, await row.getByTestId("page-label").innerText()).toBeLessThanOrEqual(bar.x);
      expect(await row.getByTestId("page-label").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      lefts.add(Math.round(bar.x - (await row.boundingBox())!.x));
    }
    // Every bar starts at the same place in its row.
    expect(lefts.size).toBe(1);
  });

  test("the link expiry is typed in local time and stored as the UTC moment it names", async ({ browser }) => {
    const page = await signedIn(browser, owner, { timezoneId: "America/New_York" });
    await page.goto(`/documents/${code}`);
    const rules = page.getByRole("group", { name: "Access rules" });
    const expiry = rules.getByLabel("Link expires (your local time)");
    // Typed again until the field answers: a value typed while the page is still hydrating has no handler to see it.
    await expect(async () => {
      await expiry.fill("2030-12-31T09:00");
      await expect(rules.getByTestId("expires_at-utc")).toHaveText("2030-12-31 14:00 UTC", { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    expect((await storedDocument(page, owner, shortCode)).settings.expires_at).toBe("2030-12-31T14:00:00.000Z");
    await page.reload();
    await expect(rules.getByLabel("Link expires (your local time)")).toHaveValue("2030-12-31T09:00");

    // In summer New York is 4 hours behind: a link's own expiry converts with the offset of its date.
    await page.getByRole("button", { name: "New link" }).click();
    const dialog = page.getByRole("dialog", { name: "New link" });
    await dialog.getByLabel("Name").fill("Summer expiry");
    await dialog.getByLabel("Expiry", { exact: true }).selectOption("at");
    await dialog.getByLabel("Expiry date and time (your local time)").fill("2030-07-01T09:00");
    await dialog.getByRole("button", { name: "Create link" }).click();
    await expect(dialog).toBeHidden();
    const links = await page.request.get(`/api/v1/documents/${shortCode}/links`, { headers: owner.auth });
    const link = ((await links.json()) as { links: Array<{ name: string; settings: { expires_at: string | null } }> }).links.find(
      (l) => l.name === "Summer expiry",
    );
    expect(link?.settings.expires_at).toBe("2030-07-01T13:00:00.000Z");
  });

  test("CSV exports follow the period chosen on the page and say which in the button and the file name", async ({ browser }) => {
    const page = await signedIn(browser, owner, { acceptDownloads: true });
    await page.goto(`/documents/${code}`);
    await expect(page.getByRole("link", { name: "Export CSV (all time)" })).toHaveCount(2);
    await page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "7 days" }).click();
    await expect(page.getByRole("link", { name: "Export CSV (last 7 days)" })).toHaveCount(2);

    const [leads] = await Promise.all([page.waitForEvent("download"), page.locator('a[href$="leads.csv?period=7d"]').click()]);
    expect(leads.suggestedFilename()).toBe("Series-B-deck-leads-last-7-days.csv");
    const leadRows = (await (await import("node:fs/promises")).readFile((await leads.path())!, "utf8")).trimEnd().split("\r\n");
    expect(leadRows.slice(1).map((row) => row.split(",")[0])).toEqual(["recent@fund.com"]);

    const viewers = await page.request.get(`/api/dashboard/documents/${code}/viewers.csv?period=7d`);
    const viewerRows = (await viewers.text()).trimEnd().split("\r\n");
    expect(viewerRows.slice(1).map((row) => row.split(",")[1])).toEqual(["recent@fund.com"]);
    const allTime = (await (await page.request.get(`/api/dashboard/documents/${code}/viewers.csv`)).text()).trimEnd().split("\r\n");
    expect(allTime).toHaveLength(3);
    // Times in the file are UTC.
    expect(allTime.find((row) => row.includes("lp@fund.com"))).toContain("2026-01-15T03:30:00.000Z");
  });
});
