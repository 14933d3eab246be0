import { db } from "../db/client";
import { emailSchema } from "../schemas/users";
import { findUserByEmail } from "../users/create-user";
import { type PasswordGuessOutcome, type Wait, checkPasswordGuess } from "../credentials/check-password-guess";
import { HASHING_BUSY_RETRY_SECONDS, HashingBusyError } from "../credentials/hashing-gate";
import { hashPassword, needsRehash, verifyPassword } from "../credentials/password-hash";

export type PasswordSignIn =
  | { status: "ok"; user: { id: string; email: string; name: string | null } }
  | { status: "invalid" }
  | { status: "rate_limited"; retryAfter: number }
  | { status: "busy"; retryAfter: number };

/** Longer than any password an account can have; refused before any work. */
const MAX_PASSWORD_LENGTH = 1000;

/**
 * An email and password sign-in from `address`. The answers and the work are the same for an
 * unknown email, an account without a password and a wrong password: each counts against the
 * guess limits (lib/credentials/password-guess-limits.ts) and does one full password verification.
 * A right password never counts. A match against an older hash format or weaker parameters is
 * rehashed. `wait` is how an attempt slowed by the email's ceiling waits.
 */
export async function authenticatePassword(
  input: { email: unknown; password: unknown; address: string },
  wait?: Wait,
): Promise<PasswordSignIn> {
  const email = emailSchema.safeParse(input.email);
  const password = typeof input.password === "string" ? input.password : "";
  if (!email.success || password.length === 0 || password.length > MAX_PASSWORD_LENGTH) return { status: "invalid" };

  const user = await findUserByEmail(email.data);
  const stored = user?.passwordHash ?? null;
  let guess: PasswordGuessOutcome;
  try {
    guess = await checkPasswordGuess(
      { email: email.data, address: input.address, owner: user },
      // With nothing stored this still runs a full verification, against a hash no password matches.
      async () => (await verifyPassword(password, stored)) && stored !== null,
      wait,
    );
  } catch (error) {
    if (error instanceof HashingBusyError) return { status: "busy", retryAfter: HASHING_BUSY_RETRY_SECONDS };
    throw error;
  }
  if (guess.status === "rate_limited") return guess;
  if (!user || !stored || guess.status === "mismatch") return { status: "invalid" };
  if (needsRehash(stored)) await rehash(user.id, stored, password);
  return { status: "ok", user: { id: user.id, email: user.email, name: user.name } };
}

/** Best effort: when the gate is busy the old hash stays and is replaced at a later sign-in. */
async function rehash(userId: string, previous: string, password: string) {
  try {
    const passwordHash = await hashPassword(password);
    // Only if nothing replaced the hash meanwhile (a password change, a claim clearing it).
    await db.user.updateMany({ where: { id: userId, passwordHash: previous }, data: { passwordHash } });
  } catch (error) {
    if (!(error instanceof HashingBusyError)) throw error;
  }
}
