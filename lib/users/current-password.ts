import { waitDescription } from "../credentials/account-limits";
import { type PasswordGuessOutcome, checkPasswordGuess } from "../credentials/check-password-guess";
import { HashingBusyError } from "../credentials/hashing-gate";
import { hashPassword, verifyPassword } from "../credentials/password-hash";
import { db } from "../db/client";
import { ApiError } from "../errors";

export type AccountForCheck = { id: string; email: string; name: string | null; passwordHash: string | null };

/**
 * A signed-in person proves they know the account's password before a change that a stolen
 * session must not make (address, password, deletion). Each check is a password guess, held to the
 * same limits as signing in with that email from that address, so a stolen session cannot guess
 * faster here than at the sign-in form. Refusals are ApiErrors the form shows against `current_password`.
 */
export async function checkCurrentPassword(userId: string, password: string | undefined, address: string): Promise<AccountForCheck> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { id: true, email: true, name: true, passwordHash: true },
  });
  const stored = user.passwordHash;
  if (!stored) {
    throw new ApiError("validation_error", 'Your account has no password. Sign out and use "Forgot password?" to set one.');
  }
  if (!password) throw wrong("Enter your current password");
  let guess: PasswordGuessOutcome;
  try {
    guess = await checkPasswordGuess({ email: user.email, address, owner: user }, () => verifyPassword(password, stored));
  } catch (error) {
    // A form cannot carry Retry-After; below 500 the wrapper shows the message instead of an error page.
    if (error instanceof HashingBusyError) throw new ApiError("rate_limited", error.message);
    throw error;
  }
  if (guess.status === "rate_limited") {
    throw new ApiError("rate_limited", `Too many password attempts from your network. Try again in ${waitDescription(guess.retryAfter)}.`, {
      headers: { "Retry-After": String(guess.retryAfter) },
    });
  }
  if (guess.status === "mismatch") throw wrong("That is not your current password");
  return user;
}

const wrong = (message: string) => new ApiError("validation_error", message, { fields: { current_password: message } });

/** A new password's hash; a busy hashing gate is a refusal the form shows ("try again in 2 seconds"). */
export async function hashChosenPassword(password: string): Promise<string> {
  try {
    return await hashPassword(password);
  } catch (error) {
    if (error instanceof HashingBusyError) throw new ApiError("rate_limited", error.message);
    throw error;
  }
}
