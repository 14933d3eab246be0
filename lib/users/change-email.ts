import type { z } from "zod";
import { config } from "../config";
import { consumeAccountLimits, waitDescription } from "../credentials/account-limits";
import { db, type Tx } from "../db/client";
import { isUniqueViolation } from "../db/unique-violation";
import { enqueueOwnerEmail } from "../email/enqueue-owner-email";
import { sendAccountEmail } from "../email/send-account-email";
import { ApiError, invalidInput } from "../errors";
import { changeEmailForm } from "../schemas/users";
import { ACCOUNT_LINK_HOURS, issueAccountToken } from "./account-tokens";
import { findUserByEmail } from "./create-user";
import { checkCurrentPassword } from "./current-password";
import { logger } from "../log/logger";

const log = logger("account");

export type EmailChange =
  /** SMTP: the new address was sent a link (or, if another account uses it, a note saying so); nothing changed yet. */
  | { status: "confirmation_sent"; email: string }
  /** No SMTP: the address changed at once, unconfirmed. */
  | { status: "changed"; email: string }
  | { status: "email_not_sent" };

export const EMAIL_TAKEN = "Another account uses that address.";
export const NO_PASSWORD =
  "Your account has no password: you sign in with emailed links. Set a password first (sign out, then “Forgot password?” emails a link to your current address), then change the address.";

/**
 * A signed-in person moves their account to another address, proving the current password. An
 * account without one is refused: its session would be the only proof, and a stolen session could
 * move the account to the thief's inbox for good (its sign-in links would follow it); its owner sets
 * a password first (a reset link to the current address). With SMTP the account changes only when the link mailed to the new address
 * is opened (confirm-email-change.ts), and whether another account uses that address is told to
 * that address's inbox, not to the person asking. Without SMTP nothing can prove the new address:
 * it is taken at once, unconfirmed (a later sign-in by emailed link claims it, as after a sign-up
 * without SMTP), and an address in use is refused outright.
 */
export async function requestEmailChange(
  who: { userId: string; address: string },
  input: z.input<typeof changeEmailForm>,
): Promise<EmailChange> {
  const parsed = changeEmailForm.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { email, current_password } = parsed.data;
  const smtp = Boolean(config().SMTP_URL);
  const current = await db.user.findUniqueOrThrow({ where: { id: who.userId }, select: { email: true, passwordHash: true } });
  if (email === current.email) throw fieldError("That is already your address.");
  if (!current.passwordHash) throw fieldError(NO_PASSWORD);
  await checkCurrentPassword(who.userId, current_password, who.address);

  const limit = await consumeAccountLimits("emailChange", { email, address: who.address });
  if (!limit.allowed) throw new ApiError("rate_limited", `Too many address changes. Try again in ${waitDescription(limit.retryAfter)}.`);

  const taken = await findUserByEmail(email);
  if (!smtp) {
    if (taken) throw fieldError(EMAIL_TAKEN);
    await moveAccount(who.userId, current.email, email, null);
    return { status: "changed", email };
  }

  const message = taken
    ? takenAddressEmail(email)
    : confirmationEmail(email, await db.$transaction((tx) => issueAccountToken(tx, who.userId, "email_change", email)));
  try {
    await sendAccountEmail(message);
  } catch (error) {
    log.error({ err: error }, "email change not sent");
    return { status: "email_not_sent" };
  }
  return { status: "confirmation_sent", email };
}

/**
 * Gives the account its new address in one transaction: emailed links made for the old address stop
 * working, and the old address is told (through the owner emails, sent or kept in the outbox).
 * `verifiedAt`: when the new address was proved, or null. EMAIL_TAKEN if another account has it by now.
 */
export async function moveAccount(userId: string, from: string, to: string, verifiedAt: Date | null, tx?: Tx): Promise<void> {
  const move = async (t: Tx) => {
    await t.user.update({ where: { id: userId }, data: { email: to, emailVerified: verifiedAt } });
    await t.accountToken.deleteMany({ where: { userId } });
    await enqueueOwnerEmail(t, {
      userId,
      to: from,
      kind: "account.email_changed",
      subject: "Your Pagewise account has a new email address",
      body:
        `The email address of your Pagewise account at ${config().APP_URL} was changed from ${from} to ${to}. ` +
        "Sign in with the new address from now on. If you did not make this change, tell your Pagewise administrator at once.",
    });
  };
  try {
    if (tx) await move(tx);
    else await db.$transaction(move);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError(EMAIL_TAKEN);
    throw error;
  }
}

const fieldError = (message: string) => new ApiError("validation_error", message, { fields: { email: message } });

function confirmationEmail(to: string, token: string) {
  const link = `${config().APP_URL}/settings/account/confirm-email?token=${token}`;
  return {
    to,
    subject: "Confirm your new Pagewise email address",
    text:
      `Someone signed in to Pagewise (perhaps you) asked to use this address for their account. Open this link, signed in to that account, to confirm it:\n\n${link}\n\n` +
      `It works once and expires in ${ACCOUNT_LINK_HOURS.email_change} hours. If you did not ask for this, ignore this email: nothing changes without it.`,
  };
}

function takenAddressEmail(to: string) {
  return {
    to,
    subject: "Someone tried to move a Pagewise account to your address",
    text:
      `Someone signed in to Pagewise at ${config().APP_URL} asked to use this address for their account, but your account already uses it. ` +
      "Nothing changed, and no account can take this address while yours has it. If it was you, delete or rename one of the two accounts first.",
  };
}
