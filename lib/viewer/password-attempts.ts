import { db } from "../db/client";
import { ApiError } from "../errors";
import { consumeRateLimit, rateLimitWindow } from "../rate-limit";
import { now } from "../time";
import type { SharedDocument } from "../links/shared-document";
import { checkDocumentPassword } from "./check-password";

/**
 * Wrong passwords, counted per share code (a link's password is its own) in fixed windows. An
 * address may guess wrong `perAddress` times a window; once the code has drawn `underAttack` wrong
 * guesses from anywhere in the window, each address only `perAddressUnderAttack`. A right answer
 * is never refused for guesses made by others: the code's count slows every guesser down, and
 * locks no one out. Argon2 and a password of at least 8 characters do the rest.
 */
export const PASSWORD_FAILURES = { perAddress: 10, perAddressUnderAttack: 3, underAttack: 50, windowSeconds: 15 * 60 } as const;

const codeKey = (doc: SharedDocument) => `password:wrong:${doc.link?.id ?? doc.id}`;
const addressKey = (doc: SharedDocument, address: string) => `${codeKey(doc)}:${address}`;

/**
 * Checks the password form from `address`: 429 when this address has used up its wrong guesses
 * (fewer while the code is under attack), 401 for a wrong password (counted), nothing for a right one.
 */
export async function tryDocumentPassword(doc: SharedDocument, input: unknown, address: string): Promise<void> {
  const at = now();
  const counts = await wrongGuesses(doc, address, at);
  const allowed = counts.byCode >= PASSWORD_FAILURES.underAttack ? PASSWORD_FAILURES.perAddressUnderAttack : PASSWORD_FAILURES.perAddress;
  if (counts.byAddress >= allowed) {
    const retryAfter = Math.max(1, Math.ceil((rateLimitWindow(at, PASSWORD_FAILURES.windowSeconds).end.getTime() - at.getTime()) / 1000));
    const minutes = Math.ceil(retryAfter / 60);
    throw new ApiError("rate_limited", `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, {
      headers: { "Retry-After": String(retryAfter) },
    });
  }
  try {
    await checkDocumentPassword(doc, input);
  } catch (error) {
    if (error instanceof ApiError && error.code === "unauthorized") {
      await consumeRateLimit(codeKey(doc), at, Infinity, PASSWORD_FAILURES.windowSeconds);
      await consumeRateLimit(addressKey(doc, address), at, Infinity, PASSWORD_FAILURES.windowSeconds);
    }
    throw error;
  }
}

/** This window's wrong guesses on the code, from anywhere and from this address. */
async function wrongGuesses(doc: SharedDocument, address: string, at: Date): Promise<{ byCode: number; byAddress: number }> {
  const { start } = rateLimitWindow(at, PASSWORD_FAILURES.windowSeconds);
  const rows = await db.rateLimitWindow.findMany({
    where: { windowStart: start, key: { in: [codeKey(doc), addressKey(doc, address)] } },
    select: { key: true, count: true },
  });
  const count = (key: string) => rows.find((row) => row.key === key)?.count ?? 0;
  return { byCode: count(codeKey(doc)), byAddress: count(addressKey(doc, address)) };
}
