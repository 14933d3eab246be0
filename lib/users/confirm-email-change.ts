import { db } from "../db/client";
import { ApiError } from "../errors";
import { now } from "../time";
import { findAccountToken, takeAccountToken } from "./account-tokens";
import { moveAccount } from "./change-email";

/** The address an email change link would give this account, while the link is good and is this account's. */
export async function findEmailChange(token: string, userId: string): Promise<{ newEmail: string } | null> {
  const found = await findAccountToken(token, "email_change");
  return found && found.userId === userId && found.newEmail ? { newEmail: found.newEmail } : null;
}

/**
 * Opens the link mailed to a new address, signed in to the account that asked: the address is
 * proved, so the account takes it, confirmed. The link is bound to its account (signed in to
 * another one it is refused and stays unused) and works once.
 */
export async function confirmEmailChange(userId: string, token: string): Promise<{ email: string }> {
  return db.$transaction(async (tx) => {
    const link = await takeAccountToken(tx, token, "email_change", userId);
    if (!link?.newEmail)
      throw new ApiError(
        "not_found",
        "This link is invalid, has already been used, or has expired. Ask for a new one on the account page.",
      );
    await moveAccount(userId, link.email, link.newEmail, now(), tx);
    return { email: link.newEmail };
  });
}
