import { type Browser, type BrowserContextOptions, expect, type Page } from "@playwright/test";
import type { Account } from "./accounts";
import { ownClientAddress } from "./client-address";

/** Context options for a screen of this size: a phone-sized one (under 500 px wide) is a touch phone. */
export const screenOf = (viewport: { width: number; height: number }): BrowserContextOptions => ({
  viewport,
  isMobile: viewport.width < 500,
  hasTouch: viewport.width < 500,
});

/** A browser of the owner's own (1440×900 unless the options say otherwise), signed in through the sign-in form. */
export async function signedIn(
  browser: Browser,
  account: Pick<Account, "email" | "password">,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, ...options })).newPage();
  await ownClientAddress(page);
  await page.goto("/sign-in");
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/documents$/);
  return page;
}
