import { expect, type Page, test } from "@playwright/test";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { uploadOk } from "../test/support/playwright/upload";

/**
 * What a phone downloads to read an open link (issue 41): the document viewer once, and none of
 * the forms of links that ask for something (password, agreement, email gate) or of rooms.
 */
let account: Account;
test.beforeAll(async () => {
  account = await newAccount("viewer-weight");
});

// Words that appear only in the code of each form: present in a script, that form was shipped.
const FORMS = {
  password: "Enter the password you were given",
  agreement: "The person who shared this",
  room: "This room has no documents yet",
  gate: "Enter your email to ",
};
// A class only the document viewer's text layer has.
const DOCUMENT_VIEWER = "absolute origin-top-left whitespace-pre font-sans";

/** Every script the page fetched: its URL and its text. */
function recordScripts(page: Page) {
  const scripts: Array<Promise<{ url: string; text: string }>> = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.text().then((text) => ({ url: response.url(), text })));
  });
  return () => Promise.all(scripts);
}

test("an open link's reader downloads the document viewer once and no form's script", async ({ page }) => {
  const doc = await uploadOk(page.context().request, account, { pages: 12, fields: { email_gate: "false", title: "Weighed deck" } });
  const scripts = recordScripts(page);
  await page.goto(`/s/${doc.short_code.slice(2)}`);
  await expect(page.getByTestId("pdf-page-1")).toHaveAttribute("data-rendered", "true", { timeout: 20_000 });
  await page.waitForLoadState("networkidle");

  const fetched = await scripts();
  expect(fetched.filter((script) => script.text.includes(DOCUMENT_VIEWER)).map((script) => script.url)).toHaveLength(1);
  for (const [form, words] of Object.entries(FORMS)) {
    expect(
      fetched.filter((script) => script.text.includes(words)).map((script) => script.url),
      `the ${form} form`,
    ).toEqual([]);
  }
});

test("a long document's first layout lays out its first pages, the far ones later, each an empty box skipped off screen", async ({
  page,
}) => {
  const doc = await uploadOk(page.context().request, account, { pages: 36, fields: { email_gate: "false", title: "Long deck" } });
  // How many page slots each batch of DOM changes added: the first is the column's first layout, in one task.
  await page.addInitScript(() => {
    const added: number[] = [];
    Object.assign(window, { slotsAdded: added });
    new MutationObserver((records) => {
      const slots = new Set<Element>();
      for (const node of records.flatMap((record) => [...record.addedNodes])) {
        if (!(node instanceof Element)) continue;
        if (node.matches("[data-testid^=pdf-page-]")) slots.add(node);
        node.querySelectorAll("[data-testid^=pdf-page-]").forEach((slot) => slots.add(slot));
      }
      if (slots.size > 0) added.push(slots.size);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`/s/${doc.short_code.slice(2)}`);
  const last = page.getByTestId("pdf-page-36");
  await expect(last).toHaveAttribute("aria-busy", "true");
  const batches = await page.evaluate(() => (window as unknown as { slotsAdded: number[] }).slotsAdded);
  expect(batches[0]).toBeLessThanOrEqual(3);
  await expect(last.locator("img")).toHaveCount(0);
  expect(await last.evaluate((element) => getComputedStyle(element).contentVisibility)).toBe("auto");

  await last.scrollIntoViewIfNeeded();
  await expect(last).toHaveAttribute("data-rendered", "true", { timeout: 20_000 });
});
