import { db } from "../db/client";

/** The user's own team: the first they joined (made with the account), or null when they belong to none. */
export async function personalTeamOf(userId: string): Promise<string | null> {
  const first = await db.teamMember.findFirst({
    where: { userId },
    orderBy: [{ joinedAt: "asc" }, { teamId: "asc" }],
    select: { teamId: true },
  });
  return first?.teamId ?? null;
}
