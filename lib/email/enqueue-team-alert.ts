import type { Tx } from "../db/client";
import { enqueueOwnerEmail } from "./enqueue-owner-email";

/**
 * Queues an email about the team itself (its webhook was disabled) to the owner and to each admin
 * who wants these, in the caller's transaction. Members are never told: they cannot act on it.
 */
export async function enqueueTeamAlert(tx: Tx, teamId: string, email: { kind: string; subject: string; body: string }): Promise<void> {
  const recipients = await tx.teamMember.findMany({
    where: { teamId, OR: [{ role: "owner" }, { role: "admin", notifyTeamAlerts: true }] },
    select: { userId: true, user: { select: { email: true } } },
    orderBy: { userId: "asc" },
  });
  for (const { userId, user } of recipients) await enqueueOwnerEmail(tx, { userId, teamId, to: user.email, ...email });
}
