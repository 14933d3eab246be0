import { config } from "../config";
import { db } from "../db/client";

/**
 * What the account page shows and which forms it offers: whether the account has a password
 * (without one, deleting asks for the address typed out), whether the server can send email (it
 * decides how an address changes), and the teams the user owns that have other members (deleting
 * the account is refused until they are handed over).
 */
export async function accountPageData(userId: string) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { name: true, email: true, passwordHash: true } });
  const shared = await db.team.findMany({
    where: { members: { some: { userId, role: "owner" } }, AND: { members: { some: { userId: { not: userId } } } } },
    select: { name: true },
    orderBy: { name: "asc" },
  });
  return {
    name: user.name ?? "",
    email: user.email,
    hasPassword: user.passwordHash !== null,
    mail: Boolean(config().SMTP_URL),
    sharedTeams: shared.map((t) => t.name),
  };
}
