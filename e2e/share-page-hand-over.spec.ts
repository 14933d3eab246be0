import { expect, test } from "@playwright/test";
import { MAX_AGREEMENT_LENGTH } from "../lib/schemas/access-rules";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { uploadOk } from "../test/support/playwright/upload";

/** proxy.ts hands the document it found to the page in a request header (lib/viewer/doors/hand-over-found.ts). */
let account: Account;
test.beforeAll(async () => {
  account = await newAccount("hand-over");
});

test("a document with the longest agreement, in multi-byte text, reaches the page through the proxy's hand-over", async ({ page }) => {
  const line = "Je garderai ce document confidentiel — 秘密保持 ✓. ";
  const agreement = line.repeat(Math.floor(MAX_AGREEMENT_LENGTH / line.length)).trim();
  const doc = await uploadOk(page.request, account, { pages: 2, fields: { agreement, title: "Long NDA" } });
  const response = await page.goto(`/s/${doc.short_code.slice(2)}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId("agreement")).toContainText(agreement.slice(-200));
});
