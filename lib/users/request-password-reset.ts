import type { z } from "zod";
import { config } from "../config";
import { consumeAccountLimits } from "../credentials/account-limits";
import { db } from "../db/client";
import { sendAccountEmail } from "../email/send-account-email";
import { invalidInput } from "../errors";
import { forgotPasswordForm } from "../schemas/users";
import { ACCOUNT_LINK_HOURS, issueAccountToken } from "./account-tokens";
import { findUserByEmail } from "./create-user";
import { logger } from "../log/logger";

const log = logger("account");

export type PasswordResetRequest =
  { status: "check_email" } | { status: "unavailable" } | { status: "rate_limited"; retryAfter: number } | { status: "email_not_sent" };

/**
 * "Forgot password?", from `address`. The answer is the same whether or not the address has an
 * account, and so is the work: one email either way, sent while the request waits (a reset link,
 * or a note that no account uses the address). Limited per mailbox and per client address like
 * sign-in links; past a limit nothing is sent. Needs SMTP: without it no one can prove the address.
 */
export async function requestPasswordReset(input: z.input<typeof forgotPasswordForm>, address: string): Promise<PasswordResetRequest> {
  const parsed = forgotPasswordForm.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  if (!config().SMTP_URL) return { status: "unavailable" };
  const { email } = parsed.data;
  const limit = await consumeAccountLimits("passwordReset", { email, address });
  if (!limit.allowed) return { status: "rate_limited", retryAfter: limit.retryAfter };

  const user = await findUserByEmail(email);
  const message = user
    ? resetEmail(email, await db.$transaction((tx) => issueAccountToken(tx, user.id, "password_reset")))
    : noAccountEmail(email);
  try {
    await sendAccountEmail(message);
  } catch (error) {
    log.error({ err: error }, "password reset email not sent");
    return { status: "email_not_sent" };
  }
  return { status: "check_email" };
}

function resetEmail(to: string, token: string) {
  const link = `${config().APP_URL}/reset-password?token=${token}`;
  return {
    to,
    subject: "Reset your Pagewise password",
    text:
      `Open this link to choose a new password for your Pagewise account:\n\n${link}\n\n` +
      `It works once and expires in ${ACCOUNT_LINK_HOURS.password_reset} hour. Choosing a new password signs the account out everywhere. ` +
      "If you did not ask for this, ignore this email: your password stays as it is.",
  };
}

function noAccountEmail(to: string) {
  const appUrl = config().APP_URL;
  return {
    to,
    subject: "Password reset request for Pagewise",
    text:
      `Someone (perhaps you) asked to reset the password of a Pagewise account at ${appUrl} with this address, but no account uses it. ` +
      `If you have an account, it is under another address. To create one, visit ${appUrl}/sign-up.\n\nIf you did not ask, ignore this email.`,
  };
}
