import { expect, test } from "@playwright/test";
import { newAccount } from "../test/support/playwright/accounts";
import { signedIn } from "../test/support/playwright/sign-in";

/** Sign-out ends the session on the server (ASVS 3.3.1), and an owner can end every session at once. */

test("a session cookie saved before signing out gets the sign-in page afterwards", async ({ browser }) => {
  const account = await newAccount("replay");
  const page = await signedIn(browser, account);
  const saved = await page.context().storageState();

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  const replay = await (await browser.newContext({ storageState: saved })).newPage();
  await replay.goto("/settings/api-keys");
  await expect(replay).toHaveURL(/\/sign-in\?callbackUrl=%2Fsettings%2Fapi-keys$/);
  await expect(replay.getByRole("button", { name: "Sign in" })).toBeVisible();
});

test("signing out everywhere signs out the account's other browsers too", async ({ browser }) => {
  const account = await newAccount("everywhere");
  const laptop = await signedIn(browser, account);
  const phone = await signedIn(browser, account);
  const bystander = await signedIn(browser, await newAccount("bystander"));

  // It asks first: cancelling changes nothing.
  await laptop.getByRole("button", { name: "Sign out everywhere" }).click();
  const ask = laptop.getByRole("alertdialog", { name: "Sign out everywhere?" });
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toBeHidden();
  await laptop.reload();
  await expect(laptop).not.toHaveURL(/\/sign-in/);
  await laptop.getByRole("button", { name: "Sign out everywhere" }).click();
  await ask.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(laptop).toHaveURL(/\/sign-in\?notice=signed-out-everywhere$/);
  await expect(laptop.getByText("You are signed out on every browser and device")).toBeVisible();

  await phone.goto("/overview");
  await expect(phone).toHaveURL(/\/sign-in\?callbackUrl=%2Foverview$/);
  await bystander.goto("/overview");
  await expect(bystander).toHaveURL(/\/overview$/);
});
