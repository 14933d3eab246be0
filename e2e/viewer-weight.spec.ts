import { expect, type Page, test } from "@playwright/test";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { uploadOk } from "../test/support/playwright/upload";

/**
 * What a phone downloads to read an open link (issue 41): at most 150 KiB of script, compressed
 * as the server sends it; the document viewer once; none of the forms of links that ask for
 * something (password, agreement, email gate) or of rooms.
 */
let account: Account;
test.beforeAll(async () => {
  account = await newAccount("viewer-weight");
});

const BUDGET_BYTES = 150 * 1024;
// Words that appear only in the code of each form: present in a script, that form was shipped.
const FORMS = {
  password: "Enter the password you were given",
  agreement: "The person who shared this",
  room: "This room has no documents yet",
  gate: "Enter your email to ",
};
// A class only the document viewer's text layer has.
const DOCUMENT_VIEWER = "absolute origin-top-left whitespace-pre font-sans";

/** Every script the page fetched from the app: its URL, its text and the bytes it took on the wire (headers and compressed body). */
function recordScripts(page: Page) {
  const scripts: Array<Promise<{ url: string; text: string; bytes: number }>> = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push(
      (async () => {
        const text = await response.text();
        const sizes = await response.request().sizes();
        return { url: response.url(), text, bytes: sizes.responseHeadersSize + sizes.responseBodySize };
      })(),
    );
  });
  return () => Promise.all(scripts);
}

test("an open link's reader downloads at most 150 KiB of script, the viewer once and no form", async ({ page }) => {
  const doc = await uploadOk(page.context().request, account, { pages: 12, fields: { email_gate: "false", title: "Weighed deck" } });
  const scripts = recordScripts(page);
  await page.goto(`/s/${doc.short_code.slice(2)}`);
  await expect(page.getByTestId("pdf-page-1")).toHaveAttribute("data-rendered", "true", { timeout: 20_000 });
  await page.waitForLoadState("networkidle");

  const fetched = await scripts();
  const total = fetched.reduce((sum, script) => sum + script.bytes, 0);
  expect(total, fetched.map((script) => `${script.url} ${script.bytes}`).join("\n")).toBeLessThanOrEqual(BUDGET_BYTES);
  expect(fetched.filter((script) => script.text.includes(DOCUMENT_VIEWER)).map((script) => script.url)).toHaveLength(1);
  for (const [form, words] of Object.entries(FORMS)) {
    expect(
      fetched.filter((script) => script.text.includes(words)).map((script) => script.url),
      `the ${form} form`,
    ).toEqual([]);
  }
});
