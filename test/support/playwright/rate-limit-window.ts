/** Limits count per aligned minute; a burst that must hit one window must not straddle a minute boundary. */
export async function waitForFreshMinute() {
  const second = new Date().getSeconds();
  if (second > 45) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
}
