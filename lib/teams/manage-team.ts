import { recordAudit } from "../audit/record-audit";
import { db, type Tx } from "../db/client";
import { ApiError, notFound } from "../errors";
import type { TeamRole as Role } from "../generated/prisma/enums";
import { teamNameSchema } from "../schemas/teams";
import { now } from "../time";
import { type TeamAccess, authorize } from "./permissions";
import { disableWebhookSetBy } from "./disable-webhook-set-by";
import { revokeInvitationsMadeBy } from "./revoke-member-invitations";

/**
 * A team's members and the changes to them. Each change runs in a transaction that locks the
 * team's row and reads the actor's role again, so two admins acting at once, or an actor demoted
 * a moment ago, cannot leave a team without its owner or let a refused role through. Each change
 * that lands writes its audit entry in the same transaction.
 */

export type TeamMemberView = { user_id: string; email: string; name: string | null; role: Role; joined_at: string };

const memberSelect = { role: true, joinedAt: true, user: { select: { id: true, email: true, name: true } } } as const;
type MemberRow = { role: Role; joinedAt: Date; user: { id: string; email: string; name: string | null } };

const view = (row: MemberRow): TeamMemberView => ({
  user_id: row.user.id,
  email: row.user.email,
  name: row.user.name,
  role: row.role,
  joined_at: row.joinedAt.toISOString(),
});

const ORDER: Record<Role, number> = { owner: 0, admin: 1, member: 2 };

/** The team and its members: the owner first, then admins, then members, each by when they joined. */
export async function getTeam(access: TeamAccess) {
  authorize(access, "team.read");
  const team = await db.team.findUniqueOrThrow({
    where: { id: access.teamId },
    select: { id: true, name: true, members: { select: memberSelect, orderBy: [{ joinedAt: "asc" }, { userId: "asc" }] } },
  });
  const members = team.members.map(view).sort((a, b) => ORDER[a.role] - ORDER[b.role]);
  return { team: { id: team.id, name: team.name }, members };
}

/**
 * Locks the team for this transaction and re-reads the actor's role, refusing what it no longer
 * allows; gives the team's name as it is (what its audit entries call it).
 */
export async function lockTeam(
  tx: Tx,
  access: TeamAccess,
  action: Parameters<typeof authorize>[1],
): Promise<TeamAccess & { teamName: string }> {
  const [team] = await tx.$queryRaw<Array<{ name: string }>>`SELECT name FROM teams WHERE id = ${access.teamId}::uuid FOR UPDATE`;
  const actor = await tx.teamMember.findUnique({ where: { teamId_userId: { teamId: access.teamId, userId: access.userId } } });
  if (!actor || !team) throw new ApiError("forbidden", "You are no longer a member of this team.");
  return { ...authorize({ ...access, role: actor.role }, action), teamName: team.name };
}

async function targetOf(tx: Tx, teamId: string, userId: string) {
  const target = await tx.teamMember.findUnique({ where: { teamId_userId: { teamId, userId } }, select: memberSelect });
  if (!target) throw notFound("Member");
  return target;
}

function refuseOwnerChange(actor: TeamAccess, doing: string): never {
  if (actor.role !== "owner") throw new ApiError("forbidden", `An ${actor.role} cannot ${doing} the team's owner.`);
  throw new ApiError(
    "validation_error",
    `The owner cannot be ${doing === "change" ? "demoted" : "removed"}: transfer ownership to another member first.`,
  );
}

/**
 * Makes a member an admin or a member. The owner's role changes only by a transfer. A member made
 * a member loses the invitations they made, and the webhook whose address they last set.
 */
export async function changeMemberRole(access: TeamAccess, userId: string, role: Exclude<Role, "owner">): Promise<TeamMemberView> {
  return db.$transaction(async (tx) => {
    const actor = await lockTeam(tx, access, "members.manage");
    const target = await targetOf(tx, access.teamId, userId);
    if (target.role === "owner") refuseOwnerChange(actor, "change");
    const updated = await tx.teamMember.update({
      where: { teamId_userId: { teamId: access.teamId, userId } },
      data: { role },
      select: memberSelect,
    });
    const invitationsRevoked = await revokeInvitationsMadeBy(tx, access.teamId, userId, role);
    if (target.role !== role)
      await recordAudit(tx, access, {
        action: "member.role_changed",
        target: { id: userId, label: target.user.email },
        details: {
          changes: { role: { from: target.role, to: role } },
          ...(invitationsRevoked && { invitations_revoked: invitationsRevoked }),
        },
      });
    await disableWebhookSetBy(tx, access, { name: actor.teamName }, { userId, email: target.user.email }, role);
    return view(updated);
  });
}

/**
 * Removes a member (admins and the owner), or lets a member leave (anyone but the owner). The keys
 * and invitations they made in this team are revoked with them, and the webhook is disabled if they
 * last set its address; their sessions fall back to another team at once.
 */
export async function removeMember(access: TeamAccess, userId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const leaving = userId === access.userId;
    const actor = await lockTeam(tx, access, leaving ? "team.leave" : "members.manage");
    const target = await targetOf(tx, access.teamId, userId);
    if (target.role === "owner") refuseOwnerChange(actor, "remove");
    await tx.teamMember.delete({ where: { teamId_userId: { teamId: access.teamId, userId } } });
    const { count } = await tx.apiKey.updateMany({ where: { teamId: access.teamId, userId, revokedAt: null }, data: { revokedAt: now() } });
    const invitationsRevoked = await revokeInvitationsMadeBy(tx, access.teamId, userId, null);
    await recordAudit(tx, access, {
      action: leaving ? "member.left" : "member.removed",
      target: { id: userId, label: target.user.email },
      details: { role: target.role, api_keys_revoked: count, ...(invitationsRevoked && { invitations_revoked: invitationsRevoked }) },
    });
    await disableWebhookSetBy(tx, access, { name: actor.teamName }, { userId, email: target.user.email }, null);
  });
}

/** Hands the team to another member; the previous owner stays on as an admin. */
export async function transferOwnership(access: TeamAccess, userId: string): Promise<TeamMemberView> {
  return db.$transaction(async (tx) => {
    const { teamName } = await lockTeam(tx, access, "team.transfer");
    const target = await targetOf(tx, access.teamId, userId);
    if (target.role === "owner") return view(target);
    // Demote first: the one-owner index holds at every statement.
    await tx.teamMember.update({ where: { teamId_userId: { teamId: access.teamId, userId: access.userId } }, data: { role: "admin" } });
    const promoted = await tx.teamMember.update({
      where: { teamId_userId: { teamId: access.teamId, userId } },
      data: { role: "owner" },
      select: memberSelect,
    });
    await recordAudit(tx, access, {
      action: "team.ownership_transferred",
      target: { id: access.teamId, label: teamName },
      details: { to: { user_id: userId, email: target.user.email } },
    });
    return view(promoted);
  });
}

export async function renameTeam(access: TeamAccess, name: unknown): Promise<{ id: string; name: string }> {
  const parsed = teamNameSchema.safeParse(name);
  if (!parsed.success)
    throw new ApiError("validation_error", parsed.error.issues[0]!.message, { fields: { name: parsed.error.issues[0]!.message } });
  return db.$transaction(async (tx) => {
    const { teamName } = await lockTeam(tx, access, "team.rename");
    const renamed = await tx.team.update({ where: { id: access.teamId }, data: { name: parsed.data }, select: { id: true, name: true } });
    if (teamName !== renamed.name)
      await recordAudit(tx, access, {
        action: "team.renamed",
        target: { id: access.teamId, label: renamed.name },
        details: { changes: { name: { from: teamName, to: renamed.name } } },
      });
    return renamed;
  });
}

/** Deletes the team with everything it owns (documents, links, keys, webhook, invitations). */
export async function deleteTeam(access: TeamAccess): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockTeam(tx, access, "team.delete");
    await tx.team.delete({ where: { id: access.teamId } });
  });
}
