import { consumeRateLimit, countRequest, rateLimitWindow, refundRateLimit } from "../rate-limit";
import { lookalikeMailbox } from "../rules/mailbox";
import { now } from "../time";
import type { LimitVerdict } from "./account-limits";

/**
 * Limits on password guesses: sign-in, and the current password the account page asks for. A
 * guess is counted before it is checked (so guesses sent at once cannot all pass together) and a
 * right password is taken back: only wrong ones use up an allowance. Every email (alias of one
 * inbox: lib/rules/mailbox.ts), with an account or not, is counted the same way, so neither a
 * refusal nor a wait says anything about an account. docs/decisions.md has the reasoning.
 */
export const PASSWORD_GUESS_LIMITS = {
  /** Per email from one client address: past it that address is refused for that email. */
  perEmailAndAddress: 10,
  /** Per client address, whatever the emails (reset-link tries count here too). */
  perAddress: 30,
  /** Per email from every address together: past it each attempt for the email waits, none is refused. */
  emailCeiling: 10,
  firstDelayMs: 250,
  maxDelayMs: 3_000,
  windowSeconds: 15 * 60,
} as const;

export type GuessWindow = { start: Date; end: Date };

export type CountedGuess =
  | { allowed: false; retryAfter: number }
  | {
      allowed: true;
      /** How long this attempt waits before its password is checked. */
      delayMs: number;
      /** The email's wrong passwords from all addresses have passed the ceiling in `window`. */
      ceilingPassed: boolean;
      window: GuessWindow;
      /** Takes the guess back: the password was right. */
      forgive: () => Promise<void>;
    };

/** Long enough for any address's text (an IPv6 one with an IPv4 tail is 45 characters). */
const MAX_ADDRESS_LENGTH = 45;

const addressKey = (address: string) => `signIn:address:${address.slice(0, MAX_ADDRESS_LENGTH)}`;

/**
 * Counts one attempt against the client address, then against the email from that address, then
 * against the email from everywhere. An attempt refused by either of the first two stops there, so
 * it never counts against the email as a whole and never slows the email's owner down.
 */
export async function countPasswordGuess(subject: { email: string; address: string }, at = now()): Promise<CountedGuess> {
  const { perAddress, perEmailAndAddress, emailCeiling, windowSeconds } = PASSWORD_GUESS_LIMITS;
  const mailbox = lookalikeMailbox(subject.email);
  const fromAddress = addressKey(subject.address);
  const forEmailFromAddress = `signIn:email-from:${subject.address.slice(0, MAX_ADDRESS_LENGTH)}:${mailbox}`;
  const forEmail = `signIn:email:${mailbox}`;

  const byAddress = await consumeRateLimit(fromAddress, at, perAddress, windowSeconds);
  if (!byAddress.allowed) return { allowed: false, retryAfter: byAddress.retryAfter };
  const byEmailFromAddress = await consumeRateLimit(forEmailFromAddress, at, perEmailAndAddress, windowSeconds);
  if (!byEmailFromAddress.allowed) return { allowed: false, retryAfter: byEmailFromAddress.retryAfter };
  const wrongForEmail = await countRequest(forEmail, at, windowSeconds);
  return {
    allowed: true,
    delayMs: guessDelayMs(wrongForEmail),
    ceilingPassed: wrongForEmail > emailCeiling,
    window: rateLimitWindow(at, windowSeconds),
    forgive: () => refundRateLimit([fromAddress, forEmailFromAddress, forEmail], at, windowSeconds),
  };
}

/**
 * The wait before checking the `wrongForEmail`th guess of an email's window: none up to the
 * ceiling, then doubling from `firstDelayMs`, never over `maxDelayMs`, so the owner's right
 * password waits a few seconds at most however many addresses guess.
 */
export function guessDelayMs(wrongForEmail: number): number {
  const { emailCeiling, firstDelayMs, maxDelayMs } = PASSWORD_GUESS_LIMITS;
  const past = wrongForEmail - emailCeiling;
  return past <= 0 ? 0 : Math.min(maxDelayMs, firstDelayMs * 2 ** (past - 1));
}

/**
 * Tries per client address alone, for a door that has no email to count until it succeeds (a
 * password reset link's form: its token names the account). They share the address's allowance
 * for guesses: guessing tokens is guessing passwords.
 */
export async function countAddressGuess(address: string, at = now()): Promise<LimitVerdict> {
  const { perAddress, windowSeconds } = PASSWORD_GUESS_LIMITS;
  const state = await consumeRateLimit(addressKey(address), at, perAddress, windowSeconds);
  return state.allowed ? { allowed: true } : { allowed: false, retryAfter: state.retryAfter };
}
