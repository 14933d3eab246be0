import { consumeRateLimit } from "../rate-limit";
import { lookalikeMailbox } from "../rules/mailbox";
import { now } from "../time";

const FIFTEEN_MINUTES = 15 * 60;

/**
 * Attempts allowed per fixed 15-minute window, per mailbox (every alias of one inbox counts as one:
 * lib/rules/mailbox.ts) and per client address, for the doors that send email. Every attempt
 * counts, whatever its outcome and whether or not the email has an account, so being limited says
 * nothing about an account. Password guesses have limits of their own (password-guess-limits.ts).
 * docs/decisions.md has the reasoning for each number.
 */
export const ACCOUNT_LIMITS = {
  magicLink: { perEmail: 3, perAddress: 10, windowSeconds: FIFTEEN_MINUTES },
  signUp: { perEmail: 3, perAddress: 10, windowSeconds: FIFTEEN_MINUTES },
  /** "Forgot password?" emails, like sign-in links. */
  passwordReset: { perEmail: 3, perAddress: 10, windowSeconds: FIFTEEN_MINUTES },
  /** A signed-in account asking to move to another address: emails to (or checks of) the new address. */
  emailChange: { perEmail: 3, perAddress: 10, windowSeconds: FIFTEEN_MINUTES },
} as const;

export type AccountAction = keyof typeof ACCOUNT_LIMITS;

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfter: number };

/**
 * Counts one attempt against the client address, then against the email. An address past its
 * limit is stopped before its attempt reaches the email's count, so one client spraying many
 * addresses cannot also use up the allowance of the people it targets.
 */
export async function consumeAccountLimits(
  action: AccountAction,
  subject: { email: string; address: string },
  at = now(),
): Promise<LimitVerdict> {
  const rule = ACCOUNT_LIMITS[action];
  const byAddress = await consumeRateLimit(`${action}:address:${subject.address.slice(0, 200)}`, at, rule.perAddress, rule.windowSeconds);
  if (!byAddress.allowed) return { allowed: false, retryAfter: byAddress.retryAfter };
  const byEmail = await consumeRateLimit(`${action}:email:${lookalikeMailbox(subject.email)}`, at, rule.perEmail, rule.windowSeconds);
  if (!byEmail.allowed) return { allowed: false, retryAfter: byEmail.retryAfter };
  return { allowed: true };
}

/** "2 minutes", "15 minutes": how long to wait, for people. */
export function waitDescription(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
