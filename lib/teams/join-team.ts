import type { Tx } from "../db/client";
import type { TeamRole } from "./permissions";

/** Adds a member (never an owner: ownership is transferred); one who already belongs keeps their role. Returns whether they joined now. */
export async function joinTeam(tx: Tx, teamId: string, userId: string, role: Exclude<TeamRole, "owner">): Promise<boolean> {
  const { count } = await tx.teamMember.createMany({ data: [{ teamId, userId, role }], skipDuplicates: true });
  return count === 1;
}
