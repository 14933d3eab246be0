import type { z } from "zod";
import { countAddressGuess } from "../credentials/password-guess-limits";
import { db } from "../db/client";
import { invalidInput } from "../errors";
import { resetPasswordForm } from "../schemas/users";
import { findAccountToken, takeAccountToken } from "./account-tokens";
import { claimUnverifiedAccount } from "./claim-unverified-account";
import { hashChosenPassword } from "./current-password";
import { replacePassword } from "./replace-password";

export type PasswordReset = { status: "reset"; email: string } | { status: "invalid" } | { status: "rate_limited"; retryAfter: number };

/** The address a reset link is for, while it is still good. */
export async function findPasswordReset(token: string): Promise<{ email: string } | null> {
  const found = await findAccountToken(token, "password_reset");
  return found && { email: found.email };
}

/**
 * Follows a reset link with a new password, from `address`. Each try counts as a sign-in attempt
 * from that address (guessing tokens is guessing passwords). The link proves the address: an
 * account whose address had never been proved is claimed first (whatever someone set up before
 * loses its access, as at a first sign-in by emailed link). Then, in one transaction, the link is
 * used, the password set, every session of the account ended and the owner told.
 */
export async function completePasswordReset(input: z.input<typeof resetPasswordForm>, address: string): Promise<PasswordReset> {
  const parsed = resetPasswordForm.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { token, new_password } = parsed.data;
  const limit = await countAddressGuess(address);
  if (!limit.allowed) return { status: "rate_limited", retryAfter: limit.retryAfter };
  const link = await findAccountToken(token, "password_reset");
  if (!link) return { status: "invalid" };
  const passwordHash = await hashChosenPassword(new_password);
  await claimUnverifiedAccount(link.userId);

  return db.$transaction(async (tx): Promise<PasswordReset> => {
    const taken = await takeAccountToken(tx, token, "password_reset");
    if (!taken) return { status: "invalid" };
    await replacePassword(
      tx,
      { userId: taken.userId, email: taken.email, passwordHash },
      {
        kind: "account.password_reset",
        subject: "Your Pagewise password was reset",
        body: "A new password was chosen for your account through an emailed reset link, and every browser signed in to it was signed out.",
      },
    );
    return { status: "reset", email: taken.email };
  });
}
