import { z } from "zod";
import { config } from "../config";
import { db, type Tx } from "../db/client";
import { newInvitationToken } from "../ids";
import { now } from "../time";
import { invitationInputSchema } from "../schemas/users";
import { hashToken } from "./token-hash";

/**
 * Invitations let one person sign up while sign-up is invite-only. The link carries a random
 * token stored only as its hash, so it is shown once, when created. An invitation may be bound to
 * one email address; it ends when used, revoked or expired.
 */
export type InvitationStatus = "active" | "used" | "revoked" | "expired";

export type InvitationSummary = {
  id: string;
  email: string | null;
  createdAt: Date;
  expiresAt: Date;
  status: InvitationStatus;
  usedBy: string | null;
};

export const invitationUrl = (token: string) => `${config().APP_URL}/sign-up?invite=${encodeURIComponent(token)}`;

export async function createInvitation(userId: string, input: z.input<typeof invitationInputSchema>) {
  const { email, days } = invitationInputSchema.parse(input);
  const token = newInvitationToken();
  const invitation = await db.invitation.create({
    data: {
      createdById: userId,
      tokenHash: hashToken(token),
      email: email ?? null,
      expiresAt: new Date(now().getTime() + days * 86_400_000),
    },
  });
  return { token, url: invitationUrl(token), invitation };
}

function statusOf(invitation: { usedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, at: Date): InvitationStatus {
  if (invitation.usedAt) return "used";
  if (invitation.revokedAt) return "revoked";
  return invitation.expiresAt <= at ? "expired" : "active";
}

export async function listInvitations(userId: string): Promise<InvitationSummary[]> {
  const rows = await db.invitation.findMany({
    where: { createdById: userId },
    orderBy: { createdAt: "desc" },
    take: 200,
    include: { usedBy: { select: { email: true } } },
  });
  const at = now();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    status: statusOf(row, at),
    usedBy: row.usedBy?.email ?? null,
  }));
}

/** Revokes one of the owner's unused invitations; false when there is none. */
export async function revokeInvitation(userId: string, id: string): Promise<boolean> {
  if (!z.uuid().safeParse(id).success) return false;
  const { count } = await db.invitation.updateMany({
    where: { id, createdById: userId, usedAt: null, revokedAt: null },
    data: { revokedAt: now() },
  });
  return count === 1;
}

/** The invitation a link's token names, while it can still be used. */
export async function findUsableInvitation(token: string) {
  if (!token || token.length > 100) return null;
  const invitation = await db.invitation.findUnique({ where: { tokenHash: hashToken(token) } });
  return invitation && statusOf(invitation, now()) === "active" ? invitation : null;
}

/** Marks the invitation used by this new account, in its transaction; false when it can no longer be used. */
export async function claimInvitation(tx: Tx, invitationId: string, user: { id: string; email: string }): Promise<boolean> {
  const at = now();
  const { count } = await tx.invitation.updateMany({
    where: { id: invitationId, usedAt: null, revokedAt: null, expiresAt: { gt: at }, OR: [{ email: null }, { email: user.email }] },
    data: { usedAt: at, usedById: user.id },
  });
  return count === 1;
}
