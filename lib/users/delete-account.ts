import type { z } from "zod";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db/client";
import { ApiError, invalidInput } from "../errors";
import { deleteAccountForm } from "../schemas/users";
import { disableWebhookSetBy } from "../teams/disable-webhook-set-by";
import { checkCurrentPassword } from "./current-password";

/**
 * Deletes a signed-in person's account, after they prove the password (or, for an account without
 * one, type its address). Refused while they own a team with other members: those members would
 * lose it, so ownership must move first (the Team page). Otherwise, in one transaction, the teams
 * they are the only member of go with everything in them (as deleting a team does), then the
 * account, and with it their memberships, sessions, API keys, emailed links and notifications.
 * Documents they uploaded to teams that stay keep going without their uploader.
 */
export async function deleteAccount(who: { userId: string; address: string }, input: z.input<typeof deleteAccountForm>): Promise<void> {
  const parsed = deleteAccountForm.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const user = await db.user.findUniqueOrThrow({ where: { id: who.userId }, select: { email: true, passwordHash: true } });
  if (user.passwordHash) await checkCurrentPassword(who.userId, parsed.data.current_password, who.address);
  else if (parsed.data.confirm_email !== user.email) {
    const message = `Type ${user.email} to confirm`;
    throw new ApiError("validation_error", message, { fields: { confirm_email: message } });
  }

  await db.$transaction(async (tx) => {
    // Every team they belong to, locked first: team changes lock the team's row too, so no one joins
    // a team between this count and its deletion, and an ownership moved to them a moment ago is seen.
    await tx.$queryRaw`
      SELECT 1 FROM teams WHERE id IN (SELECT team_id FROM team_members WHERE user_id = ${who.userId}::uuid) ORDER BY id FOR UPDATE`;
    const memberships = await tx.teamMember.findMany({
      where: { userId: who.userId },
      select: { teamId: true, role: true, team: { select: { name: true } } },
    });
    const teamIds = memberships.filter((m) => m.role === "owner").map((m) => m.teamId);
    const shared = await tx.team.findMany({
      where: { id: { in: teamIds }, members: { some: { userId: { not: who.userId } } } },
      select: { name: true },
      orderBy: { name: "asc" },
    });
    if (shared.length > 0) {
      const names = shared.map((t) => `"${t.name}"`).join(", ");
      throw new ApiError(
        "validation_error",
        `You own ${names}, which ${shared.length === 1 ? "has" : "have"} other members. Transfer ownership on the Team page (or remove the members) first, then delete your account.`,
      );
    }
    await tx.team.deleteMany({ where: { id: { in: teamIds } } });
    // The teams that stay are told in their audit log (before the account goes: the entry copies its
    // name), and lose the webhook whose address the account set, as when a member leaves.
    for (const { teamId, team } of memberships.filter((m) => m.role !== "owner")) {
      const by = { teamId, userId: who.userId, apiKeyId: null, address: who.address };
      await recordAudit(tx, by, {
        action: "member.left",
        target: { id: who.userId, label: user.email },
        details: { account_deleted: true },
      });
      await disableWebhookSetBy(tx, by, team, { userId: who.userId, email: user.email }, null);
    }
    await tx.user.delete({ where: { id: who.userId } });
  });
}
