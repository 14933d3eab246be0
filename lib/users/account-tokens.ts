import { db, type Tx } from "../db/client";
import type { AccountTokenPurpose } from "../generated/prisma/enums";
import { newAccountToken } from "../ids";
import { now } from "../time";
import { hashToken } from "./token-hash";

/**
 * Single-use emailed links for one account: a password reset, the confirmation of a new address.
 * Only the token's SHA-256 is stored (a copy of the database opens nothing); a link is used by
 * deleting its row, so a second use, or two at once, finds nothing.
 */
export const ACCOUNT_LINK_HOURS: Record<AccountTokenPurpose, number> = { password_reset: 1, email_change: 24 };

/** A new link for the account; it replaces any earlier link of the same purpose, so only the newest email works. */
export async function issueAccountToken(tx: Tx, userId: string, purpose: AccountTokenPurpose, newEmail?: string): Promise<string> {
  const at = now();
  await tx.accountToken.deleteMany({ where: { OR: [{ userId, purpose }, { expiresAt: { lte: at } }] } });
  const token = newAccountToken();
  await tx.accountToken.create({
    data: {
      tokenHash: hashToken(token),
      userId,
      purpose,
      newEmail: newEmail ?? null,
      expiresAt: new Date(at.getTime() + ACCOUNT_LINK_HOURS[purpose] * 3_600_000),
    },
  });
  return token;
}

type Found = { userId: string; newEmail: string | null; email: string };

const usable = (token: string, purpose: AccountTokenPurpose) => ({ tokenHash: hashToken(token), purpose, expiresAt: { gt: now() } });

/** The link's account while the link is still good: null when unknown, used, expired or of another purpose. */
export async function findAccountToken(token: string, purpose: AccountTokenPurpose): Promise<Found | null> {
  if (!token || token.length > 100) return null;
  const row = await db.accountToken.findFirst({
    where: usable(token, purpose),
    select: { userId: true, newEmail: true, user: { select: { email: true } } },
  });
  return row && { userId: row.userId, newEmail: row.newEmail, email: row.user.email };
}

/**
 * Uses the link in the caller's transaction (`userId`: only if it is that account's). Null when it
 * is not usable; a concurrent use waits on the row and then finds it gone.
 */
export async function takeAccountToken(tx: Tx, token: string, purpose: AccountTokenPurpose, userId?: string): Promise<Found | null> {
  if (!token || token.length > 100) return null;
  const where = { ...usable(token, purpose), ...(userId ? { userId } : {}) };
  const row = await tx.accountToken.findFirst({
    where,
    select: { id: true, userId: true, newEmail: true, user: { select: { email: true } } },
  });
  if (!row) return null;
  const { count } = await tx.accountToken.deleteMany({ where: { id: row.id } });
  return count === 1 ? { userId: row.userId, newEmail: row.newEmail, email: row.user.email } : null;
}
