import { db } from "../db/client";

/** The version a session must carry to be valid; null when the account no longer exists. */
export async function currentSessionVersion(userId: string): Promise<number | null> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { sessionVersion: true } });
  return user?.sessionVersion ?? null;
}
