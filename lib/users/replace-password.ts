import type { Tx } from "../db/client";
import { enqueueOwnerEmail } from "../email/enqueue-owner-email";

/**
 * Sets an account's new password in the caller's transaction: every session but `keepSessionId`
 * ends (whoever held the old password is signed out), every pending emailed link of the account
 * (resets, and an address change someone with the old password may have asked for) stops working,
 * and the owner is told by `notice`.
 */
export async function replacePassword(
  tx: Tx,
  account: { userId: string; email: string; passwordHash: string; keepSessionId?: string | null },
  notice: { kind: string; subject: string; body: string },
): Promise<void> {
  const { userId, keepSessionId } = account;
  await tx.user.update({ where: { id: userId }, data: { passwordHash: account.passwordHash } });
  await tx.session.deleteMany({ where: { userId, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) } });
  await tx.accountToken.deleteMany({ where: { userId } });
  await enqueueOwnerEmail(tx, { userId, to: account.email, ...notice });
}
