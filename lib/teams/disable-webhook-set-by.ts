import type { AuditActor } from "../audit/record-audit";
import type { Tx } from "../db/client";
import type { TeamRole } from "../generated/prisma/enums";
import { disableTeamWebhook } from "./disable-team-webhook";
import { can } from "./permissions";

/**
 * Disables the team's webhook, in the caller's transaction, when the member who last set its
 * address is removed, leaves (`role` null) or is demoted below the role that may manage it: that
 * address may be their own server, which would go on receiving the team's events, leads' names and
 * emails among them. Answers whether it was disabled.
 */
export async function disableWebhookSetBy(
  tx: Tx,
  by: AuditActor,
  team: { name: string },
  member: { userId: string; email: string },
  role: TeamRole | null,
): Promise<boolean> {
  if (role !== null && can(role, "webhook.manage")) return false;
  const gone = `is no longer ${role === null ? "a member" : "an admin"} of the team "${team.name}"`;
  return disableTeamWebhook(
    tx,
    { teamId: by.teamId, urlSetById: member.userId },
    {
      reason: "url_setter_left",
      because: `because ${member.email}, who last set its address, ${gone}, and it may be their own server.`,
      by,
      details: { url_set_by: { user_id: member.userId, email: member.email } },
    },
  );
}
