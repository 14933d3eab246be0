import { db } from "../db/client";
import { emailSchema } from "../schemas/users";
import { findUserByEmail } from "../users/create-user";
import { consumeAccountLimits } from "../credentials/account-limits";
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
 * limits and does one full password verification. A match against an older hash format or
 * weaker parameters is rehashed.
 */
export async function authenticatePassword(input: { email: unknown; password: unknown; address: string }): Promise<PasswordSignIn> {
  const email = emailSchema.safeParse(input.email);
  const password = typeof input.password === "string" ? input.password : "";
  if (!email.success || password.length === 0 || password.length > MAX_PASSWORD_LENGTH) return { status: "invalid" };

  const limit = await consumeAccountLimits("signIn", { email: email.data, address: input.address });
  if (!limit.allowed) return { status: "rate_limited", retryAfter: limit.retryAfter };

  const user = await findUserByEmail(email.data);
  const stored = user?.passwordHash ?? null;
  let matches: boolean;
  try {
    // With nothing stored this still runs a full verification, against a hash no password matches.
    matches = await verifyPassword(password, stored);
  } catch (error) {
    if (error instanceof HashingBusyError) return { status: "busy", retryAfter: HASHING_BUSY_RETRY_SECONDS };
    throw error;
  }
  if (!user || !stored || !matches) return { status: "invalid" };
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
