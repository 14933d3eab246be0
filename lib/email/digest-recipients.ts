import type { Tx } from "../db/client";
import type { TeamMember } from "../generated/prisma/client";

export type DigestPreferences = Pick<TeamMember, "userId" | "digestScope" | "notifyNewLeads" | "notifyCompletedReads">;

/** Whether a member gets a document's digests: they chose every team document, or this one is theirs. */
export function getsDigestOf(member: Pick<TeamMember, "userId" | "digestScope">, doc: { createdById: string | null }): boolean {
  return member.digestScope === "all" || (member.digestScope === "uploaded" && member.userId === doc.createdById);
}

/**
 * The members of a team who may get some digest (scope other than `none`), with their preferences
 * and address; `getsDigestOf` then picks those of one document. Read in the caller's transaction,
 * so a member removed before it began is not among them.
 */
export function digestMembers(tx: Tx, teamIds: string[]) {
  return tx.teamMember.findMany({
    where: { teamId: { in: teamIds }, digestScope: { not: "none" } },
    select: {
      teamId: true,
      userId: true,
      digestScope: true,
      notifyNewLeads: true,
      notifyCompletedReads: true,
      user: { select: { email: true } },
    },
    orderBy: { userId: "asc" },
  });
}
