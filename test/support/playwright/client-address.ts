import { type Page, test } from "@playwright/test";

let served = 0;

/**
 * Gives the page's browser an address of its own, as a proxy in front of the app would report it
 * (the e2e servers trust one proxy, TRUST_PROXY=1). Sign-in is limited per client address, and a
 * whole run signs in more often than one address may in 15 minutes (198.18.0.0/15 is set aside
 * for tests, RFC 2544).
 */
export async function ownClientAddress(page: Page): Promise<void> {
  served += 1;
  // Each worker (a restarted one too) counts from its own thousand, so no two share an address.
  const n = test.info().workerIndex * 1000 + served;
  const address = `198.${18 + (Math.floor(n / 62_500) % 2)}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": address });
}
