/** Delivery schedule (docs/api-contract.md): immediately, then after 1 minute, then after 30 minutes. */
export const MAX_ATTEMPTS = 3;
export const RETRY_DELAYS_MS = [60_000, 30 * 60_000] as const;
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** Consecutive failed deliveries after which the webhook is disabled. */
export const DISABLE_AFTER_FAILED_DELIVERIES = 3;

/** When the next attempt is due after `attempts` failed ones; null when none is left. */
export function nextAttemptDelay(attempts: number): number | null {
  return attempts >= MAX_ATTEMPTS ? null : (RETRY_DELAYS_MS[attempts - 1] ?? null);
}
