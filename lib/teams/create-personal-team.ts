import type { Tx } from "../db/client";

/** "Ada's team", or "ada's team" from ada@example.com when there is no name. */
export function personalTeamName(user: { email: string; name?: string | null }): string {
  const who = user.name?.trim() || user.email.split("@")[0] || "My";
  return `${who.slice(0, 90)}'s team`;
}

/**
 * Every account starts with a team of its own, which it owns; in the transaction that creates the
 * account. Its creator hears about every document in it; those who join later, about their own.
 */
export async function createPersonalTeam(tx: Tx, user: { id: string; email: string; name?: string | null }): Promise<string> {
  const team = await tx.team.create({
    data: { name: personalTeamName(user), members: { create: { userId: user.id, role: "owner", digestScope: "all" } } },
    select: { id: true },
  });
  return team.id;
}
