/** Limits count per aligned minute; a burst that must hit one window must not straddle a minute boundary. */
export async function waitForFreshMinute() {
  const second = new Date().getSeconds();
  if (second > 45) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
}

/** The same for a window of `seconds`: waits for the next one when fewer than `margin` seconds are left. */
export async function waitForFreshWindow(seconds: number, margin = 60) {
  const left = seconds - (Math.floor(Date.now() / 1000) % seconds);
  if (left < margin) await new Promise((r) => setTimeout(r, left * 1000 + 1000));
}
