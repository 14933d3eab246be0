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
