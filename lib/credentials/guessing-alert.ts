import { db } from "../db/client";
import { enqueueOwnerEmail } from "../email/enqueue-owner-email";
import { utcMinute } from "../format-time";
import { lookalikeMailbox } from "../rules/mailbox";
import { PASSWORD_GUESS_LIMITS, type GuessWindow } from "./password-guess-limits";

/**
 * Tells an account's owner that its email's wrong passwords passed the ceiling, once per window.
 * The window's mark is a row of the rate-limit table (pruned with it once closed) written in the
 * transaction that queues the email, so another process, or this one after a restart, finds it and
 * sends nothing more until the next window.
 */
export async function alertOwnerOfGuessing(owner: { id: string; email: string }, window: GuessWindow): Promise<void> {
  const mark = `signIn:alerted:${lookalikeMailbox(owner.email)}`;
  await db.$transaction(async (tx) => {
    const marked = await tx.$executeRaw`
      INSERT INTO rate_limit_windows (key, window_start, expires_at, count)
      VALUES (${mark}, ${window.start}, ${window.end}, 1)
      ON CONFLICT (key, window_start) DO NOTHING`;
    if (marked === 0) return;
    await enqueueOwnerEmail(tx, { userId: owner.id, to: owner.email, ...guessingEmail(owner.email, window) });
  });
}

function guessingEmail(email: string, window: GuessWindow) {
  const { emailCeiling, maxDelayMs, windowSeconds } = PASSWORD_GUESS_LIMITS;
  return {
    kind: "account.sign_in_guessing",
    subject: "Someone is guessing your Pagewise password",
    body:
      `Since ${utcMinute(window.start)} UTC, more than ${emailCeiling} wrong passwords have been tried for your Pagewise account (${email}). ` +
      `You can still sign in as usual: a network that keeps guessing is refused, and each sign-in to your account now waits up to ${maxDelayMs / 1000} seconds. ` +
      "If this was not you, make sure your password is long and used nowhere else; you can change it on your Account page. " +
      `This email comes at most once every ${windowSeconds / 60} minutes.`,
  };
}
