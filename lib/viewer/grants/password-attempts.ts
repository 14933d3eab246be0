import { db } from "../../db/client";
import { ApiError } from "../../errors";
import { consumeRateLimit, rateLimitWindow } from "../../rate-limit";
import { now } from "../../time";
import type { AccessSubject } from "./access";
import { checkDocumentPassword } from "./check-password";

/**
 * Wrong passwords, counted per share code (a link's password is its own) in fixed windows. An
 * address may guess wrong `perAddress` times a window; once the code has drawn `underAttack` wrong
 * guesses from anywhere in the window, each address only `perAddressUnderAttack`. A right answer
 * is never refused for guesses made by others: the code's count slows every guesser down, and
 * locks no one out. Argon2 and a password of at least 8 characters do the rest.
 */
export const PASSWORD_FAILURES = { perAddress: 10, perAddressUnderAttack: 3, underAttack: 50, windowSeconds: 15 * 60 } as const;

const codeKey = (doc: AccessSubject) => `password:wrong:${doc.room ? (doc.room.linkId ?? doc.room.id) : (doc.link?.id ?? doc.id)}`;
const addressKey = (doc: AccessSubject, address: string) => `${codeKey(doc)}:${address}`;

/**
 * Checks the password form from `address`: 429 when this address has used up its wrong guesses
 * (fewer while the code is under attack), 401 for a wrong password (counted), nothing for a right one.
 * The guess is counted before it is checked, in one atomic step, so guesses sent at once cannot all
 * pass the limit together; anything but a wrong password takes its count back.
 */
export async function tryDocumentPassword(doc: AccessSubject, input: unknown, address: string): Promise<void> {
  const at = now();
  const { start } = rateLimitWindow(at, PASSWORD_FAILURES.windowSeconds);
  const underAttack = (await countOf(codeKey(doc), start)) >= PASSWORD_FAILURES.underAttack;
  const allowed = underAttack ? PASSWORD_FAILURES.perAddressUnderAttack : PASSWORD_FAILURES.perAddress;
  const guess = await consumeRateLimit(addressKey(doc, address), at, allowed, PASSWORD_FAILURES.windowSeconds);
  let wrong = false;
  try {
    if (!guess.allowed) {
      const minutes = Math.ceil(guess.retryAfter / 60);
      throw new ApiError("rate_limited", `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, {
        headers: { "Retry-After": String(guess.retryAfter) },
      });
    }
    await checkDocumentPassword(doc, input);
  } catch (error) {
    wrong = error instanceof ApiError && error.code === "unauthorized";
    throw error;
  } finally {
    if (wrong) await consumeRateLimit(codeKey(doc), at, Infinity, PASSWORD_FAILURES.windowSeconds);
    else
      await db.$executeRaw`UPDATE rate_limit_windows SET count = count - 1 WHERE key = ${addressKey(doc, address)} AND window_start = ${start}`;
  }
}

/** This window's count under `key` (0 when nothing was counted). */
async function countOf(key: string, windowStart: Date): Promise<number> {
  const row = await db.rateLimitWindow.findUnique({ where: { key_windowStart: { key, windowStart } }, select: { count: true } });
  return row?.count ?? 0;
}
