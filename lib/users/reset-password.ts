import { hashPassword } from "../credentials/password-hash";
import { db } from "../db/client";
import { passwordSchema } from "../schemas/users";

/**
 * An operator sets a new password (`npm run user:reset-password`): every session of the account
 * ends with the old password, so whoever held it is signed out. False when there is no such account.
 */
export async function resetPassword(email: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(passwordSchema.parse(password));
  return db.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({ where: { email: email.trim().toLowerCase() }, data: { passwordHash } });
    if (count === 0) return false;
    await tx.session.deleteMany({ where: { user: { email: email.trim().toLowerCase() } } });
    return true;
  });
}
