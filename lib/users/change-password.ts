import type { z } from "zod";
import { db } from "../db/client";
import { invalidInput } from "../errors";
import { changePasswordForm } from "../schemas/users";
import { checkCurrentPassword, hashChosenPassword } from "./current-password";
import { replacePassword } from "./replace-password";

/**
 * A signed-in person changes their password, proving the current one. Every other session of the
 * account ends (whoever else held the old password is signed out) and this one, `sessionId`, stays;
 * pending reset links stop working, and the owner is told, all in one transaction.
 */
export async function changePassword(
  who: { userId: string; sessionId: string | null; address: string },
  input: z.input<typeof changePasswordForm>,
): Promise<void> {
  const parsed = changePasswordForm.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const user = await checkCurrentPassword(who.userId, parsed.data.current_password, who.address);
  const passwordHash = await hashChosenPassword(parsed.data.new_password);
  await db.$transaction((tx) =>
    replacePassword(
      tx,
      { userId: user.id, email: user.email, passwordHash, keepSessionId: who.sessionId },
      {
        kind: "account.password_changed",
        subject: "Your Pagewise password was changed",
        body: 'Your account\'s password was changed from the account page, and every other browser signed in to it was signed out. If this was not you, use "Forgot password?" on the sign-in page at once.',
      },
    ),
  );
}
