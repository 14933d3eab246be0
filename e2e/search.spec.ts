import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { samplePdf } from "../scripts/lib/sample-pdf";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { axeViolations } from "../test/support/playwright/axe";
import { ownClientAddress } from "../test/support/playwright/client-address";
import { signedIn } from "../test/support/playwright/sign-in";
import { uploadOk } from "../test/support/playwright/upload";

/**
 * Search inside pages (issue 44): the owner's documents search finds a word that is only on page 7
 * and opens the preview there; a reader's "Search in this document", from the keyboard, lists the
 * page and Enter goes to it.
 */
test.describe.configure({ mode: "serial", timeout: 60_000 });

const WORD = `zanzibarite${randomBytes(3).toString("hex")}`;
let owner: Account;
let code: string;
let roomCode: string;

test.beforeAll(async ({ playwright, baseURL }) => {
  owner = await newAccount("search");
  const api = await playwright.request.newContext({ baseURL });
  const bytes = await samplePdf(8, "Searchable deck", { pageWords: { 7: `The ${WORD} clause` } });
  code = (await uploadOk(api, owner, { bytes, fields: { title: "Searchable deck", email_gate: "false" } })).short_code.slice(2);
  const room = await api.post("/api/v1/rooms", {
    headers: owner.auth,
    data: { name: "Deal room", settings: { email_gate: false, gate_type: "none" } },
  });
  const { id: roomId, code: opened } = (await room.json()) as { id: string; code: string };
  roomCode = opened;
  expect((await api.post(`/api/v1/rooms/${roomId}/documents`, { headers: owner.auth, data: { short_code: `s-${code}` } })).status()).toBe(
    201,
  );
  // The worker draws pages 2..8 in the background; their text is searchable from the same commit.
  await expect
    .poll(
      async () => {
        const answer = await api.get(`/api/v1/search?q=${WORD}`, { headers: owner.auth });
        return ((await answer.json()) as { results: unknown[] }).results.length;
      },
      { timeout: 30_000 },
    )
    .toBe(1);
});

test("the owner's search shows the page with the word highlighted and opens the preview at it", async ({ browser }) => {
  const page = await signedIn(browser, owner);
  await page.getByRole("searchbox", { name: "Search titles and text" }).fill(WORD);
  await page.getByRole("button", { name: "Apply" }).click();
  const results = page.getByTestId("text-search-results");
  await expect(results.getByRole("link", { name: /Page 7/ })).toBeVisible();
  await expect(results.locator("mark")).toHaveText(WORD);
  expect(await axeViolations(page, '[data-testid="text-search-results"]')).toEqual([]);
  const [preview] = await Promise.all([page.context().waitForEvent("page"), results.getByRole("link", { name: /Page 7/ }).click()]);
  await expect(preview).toHaveURL(new RegExp(`/s/${code}#page=7$`));
  await expect(preview.getByTestId("page-indicator")).toHaveText("7 / 8");
});

test("a reader searches in the document from the keyboard and Enter goes to the page", async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await ownClientAddress(page);
  await page.goto(`/s/${code}`);
  const open = page.getByRole("button", { name: "Search in this document" });
  await expect(open).toBeEnabled();
  await open.focus();
  await page.keyboard.press("Enter");
  const box = page.getByRole("searchbox", { name: "Search in this document" });
  await expect(box).toBeFocused();
  await page.keyboard.type(WORD);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("document-search-status")).toHaveText("1 page matches.");
  expect(await axeViolations(page, '[role="dialog"][aria-label="Search in this document"]')).toEqual([]);
  await box.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("page-indicator")).toHaveText("7 / 8");
});

test("a room's reader finds the page by its words and opens the document there", async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await ownClientAddress(page);
  await page.goto(`/s/${roomCode}`);
  const search = page.getByRole("searchbox", { name: "Search documents" });
  const inText = page.getByTestId("room-text-matches");
  // Typed again until the page is hydrated: text typed before that is not the search's yet.
  await expect(async () => {
    await search.fill("");
    await search.fill(WORD);
    await expect(inText).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(inText.locator("mark")).toHaveText(WORD);
  await inText.getByRole("link", { name: /Page 7/ }).click();
  await expect(page).toHaveURL(new RegExp(`/s/${roomCode}/${code}#page=7$`));
  await expect(page.getByTestId("page-indicator")).toHaveText("7 / 8");
});
