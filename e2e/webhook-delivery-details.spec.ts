import { expect, test } from "@playwright/test";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { signedIn } from "../test/support/playwright/sign-in";
import { uploadOk } from "../test/support/playwright/upload";
import { startReceiver } from "../test/support/webhook-receiver";
import { SCREENS, shotsAndAxe } from "../test/support/playwright/screens";

/**
 * A webhook delivery row on the Webhook page names its document and opens, from the keyboard, to
 * show what was sent and what the receiver answered (issue 45, item 5).
 */
const ANSWER = '{"error":"unknown lead <id>"}';
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let owner: Account;
test.beforeAll(async () => {
  receiver = await startReceiver(() => ({ status: 422, body: ANSWER }));
  owner = await newAccount("delivery-details");
});
test.afterAll(async () => receiver.close());

test("a delivery row names its document and opens to show the request body, the response status and the answer", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const saved = await request.post("/api/v1/webhooks", { headers: owner.auth, data: { url: receiver.url, events: ["document.uploaded"] } });
  expect(saved.status()).toBe(201);
  await uploadOk(request, owner, { pages: 2, fields: { title: "Delivery deck" } });
  await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(0);

  const page = await signedIn(browser, owner);
  await page.setViewportSize(SCREENS[0][1]);
  await page.goto("/settings/webhook");
  const row = page.getByRole("button", { name: /document\.uploaded.*Delivery deck/ });
  await expect(row).toHaveAttribute("aria-expanded", "false");
  await row.focus();
  await page.keyboard.press("Enter");
  await expect(row).toHaveAttribute("aria-expanded", "true");
  const details = page.getByTestId("delivery-details");
  await expect(details).toContainText("About Delivery deck");
  await expect(details.getByTestId("delivery-request")).toContainText('"title": "Delivery deck"');
  await expect(details.getByTestId("delivery-response-status")).toHaveText("HTTP 422");
  await expect(details.getByTestId("delivery-response-body")).toHaveText(ANSWER);
  await shotsAndAxe(page, "webhook-delivery-open");

  await row.focus();
  await page.keyboard.press("Space");
  await expect(details).toHaveCount(0);
});
