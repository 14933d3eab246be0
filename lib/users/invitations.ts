import { z } from "zod";
import { recordAudit } from "../audit/record-audit";
import { config } from "../config";
import { db, type Tx } from "../db/client";
import { ApiError } from "../errors";
import type { TeamRole } from "../generated/prisma/enums";
import { newInvitationToken } from "../ids";
import { joinTeam } from "../teams/join-team";
import { type TeamAccess, authorize, can } from "../teams/permissions";
import { now } from "../time";
import { invitationInputSchema } from "../schemas/users";
import { enqueueInvitationEmail } from "./invitation-email";
import { hashToken } from "./token-hash";

/**
 * Invitations bring one person into a team, with a role: an existing user accepts it signed in; a
 * new one signs up through it (also while sign-up is invite-only) and joins. The link carries a
 * random token stored only as its hash, so it is shown once, when created. An invitation may be
 * bound to one email address (the API's always are); it ends when used, revoked or expired.
 */
export type InvitationStatus = "active" | "used" | "revoked" | "expired";

export type InvitationSummary = {
  id: string;
  email: string | null;
  role: TeamRole;
  createdAt: Date;
  expiresAt: Date;
  status: InvitationStatus;
  usedBy: string | null;
};

export const invitationUrl = (token: string) => `${config().APP_URL}/sign-up?invite=${encodeURIComponent(token)}`;

/** An invitation to the actor's team (admins and the owner); one bound to an address is emailed there in the same transaction. */
export async function createInvitation(access: TeamAccess, input: z.input<typeof invitationInputSchema>) {
  authorize(access, "members.manage");
  const { email, role, days } = invitationInputSchema.parse(input);
  const token = newInvitationToken();
  const invitation = await db.$transaction(async (tx) => {
    const created = await tx.invitation.create({
      data: {
        teamId: access.teamId,
        role,
        createdById: access.userId,
        tokenHash: hashToken(token),
        email: email ?? null,
        expiresAt: new Date(now().getTime() + days * 86_400_000),
      },
    });
    if (created.email) {
      await enqueueInvitationEmail(tx, { ...created, email: created.email, createdById: access.userId, url: invitationUrl(token) });
    }
    await recordAudit(tx, access, {
      action: "member.invited",
      target: { id: created.id, label: created.email ?? "anyone with the link" },
      details: { role, expires_at: created.expiresAt.toISOString() },
    });
    return created;
  });
  // Bound to an address, it is emailed there when the server can send email; else the link is for the inviter to pass on.
  return { token, url: invitationUrl(token), invitation, emailed: invitation.email !== null && Boolean(config().SMTP_URL) };
}

function statusOf(invitation: { usedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, at: Date): InvitationStatus {
  if (invitation.usedAt) return "used";
  if (invitation.revokedAt) return "revoked";
  return invitation.expiresAt <= at ? "expired" : "active";
}

export async function listInvitations(access: TeamAccess): Promise<InvitationSummary[]> {
  authorize(access, "members.manage");
  const rows = await db.invitation.findMany({
    where: { teamId: access.teamId },
    orderBy: { createdAt: "desc" },
    take: 200,
    include: { usedBy: { select: { email: true } } },
  });
  const at = now();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    status: statusOf(row, at),
    usedBy: row.usedBy?.email ?? null,
  }));
}

/** Revokes one of the team's unused invitations; false when there is none. */
export async function revokeInvitation(access: TeamAccess, id: string): Promise<boolean> {
  authorize(access, "members.manage");
  if (!z.uuid().safeParse(id).success) return false;
  return db.$transaction(async (tx) => {
    const [revoked] = await tx.invitation.updateManyAndReturn({
      where: { id, teamId: access.teamId, usedAt: null, revokedAt: null },
      data: { revokedAt: now() },
      select: { id: true, email: true, role: true },
    });
    if (!revoked) return false;
    await recordAudit(tx, access, {
      action: "invitation.revoked",
      target: { id: revoked.id, label: revoked.email ?? "anyone with the link" },
      details: { role: revoked.role },
    });
    return true;
  });
}

/** The invitation a link's token names, while it can still be used. */
/** Who made an invitation, as the invitee reads it: their name, else their email. */
export const inviterName = (invitation: { createdBy: { name: string | null; email: string } }) =>
  invitation.createdBy.name?.trim() || invitation.createdBy.email;

export async function findUsableInvitation(token: string) {
  if (!token || token.length > 100) return null;
  const invitation = await db.invitation.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { team: { select: { name: true } }, createdBy: { select: { name: true, email: true } } },
  });
  return invitation && statusOf(invitation, now()) === "active" ? invitation : null;
}

/**
 * Marks the invitation used by this account and adds the account to its team with its role, in
 * the caller's transaction; the team's id, or null when the invitation can no longer be used.
 */
export async function claimInvitation(tx: Tx, invitationId: string, user: { id: string; email: string }): Promise<string | null> {
  const at = now();
  if (!(await makerMayStillInvite(tx, invitationId))) return null;
  const claimed = await tx.invitation.updateManyAndReturn({
    where: { id: invitationId, usedAt: null, revokedAt: null, expiresAt: { gt: at }, OR: [{ email: null }, { email: user.email }] },
    data: { usedAt: at, usedById: user.id },
    select: { teamId: true, role: true },
  });
  const invitation = claimed[0];
  if (!invitation) return null;
  const role = invitation.role === "owner" ? "admin" : invitation.role;
  await joinTeam(tx, invitation.teamId, user.id, role);
  // The newcomer acts: signing up or accepting carries no team yet, so no address is at hand here.
  await recordAudit(
    tx,
    { teamId: invitation.teamId, userId: user.id },
    { action: "member.joined", target: { id: user.id, label: user.email }, details: { role, invitation_id: invitationId } },
  );
  return invitation.teamId;
}

/**
 * Whether the member who made the invitation may still make it: one removed from the team, or
 * demoted below admin since, cannot bring anyone in, themselves included.
 */
async function makerMayStillInvite(tx: Tx, invitationId: string): Promise<boolean> {
  const invitation = await tx.invitation.findUnique({ where: { id: invitationId }, select: { teamId: true, createdById: true } });
  if (!invitation) return false;
  const maker = await tx.teamMember.findUnique({
    where: { teamId_userId: { teamId: invitation.teamId, userId: invitation.createdById } },
    select: { role: true },
  });
  return maker !== null && can(maker.role, "members.manage");
}

/** A signed-in user accepts an invitation: they join its team (no second account). Returns the team's id. */
export async function acceptInvitation(token: string, user: { id: string; email: string }): Promise<string> {
  const invitation = await findUsableInvitation(token);
  if (!invitation) throw new ApiError("not_found", "This invitation has expired, was revoked or was already used.");
  if (invitation.email !== null && invitation.email !== user.email) {
    throw new ApiError("forbidden", `This invitation is for ${invitation.email}. Sign in with that address to accept it.`);
  }
  const teamId = await db.$transaction((tx) => claimInvitation(tx, invitation.id, user));
  if (!teamId) throw new ApiError("not_found", "This invitation has expired, was revoked or was already used.");
  return teamId;
}
