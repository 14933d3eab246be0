import { expect, type Page, test } from "@playwright/test";
import { axeViolations } from "./axe";

/** The two widths a page is looked at: a laptop's and a phone's. */
export const SCREENS = [
  ["desktop", { width: 1366, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const;

/** Screenshots of the page at both widths (in the test's output), each checked by axe; back to desktop after. */
export async function shotsAndAxe(page: Page, name: string) {
  for (const [size, viewport] of SCREENS) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: test.info().outputPath(`${name}-${size}.png`), fullPage: true });
    expect(await axeViolations(page), `${name} at ${size}`).toEqual([]);
  }
  await page.setViewportSize(SCREENS[0][1]);
}
