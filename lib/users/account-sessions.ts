import { randomBytes } from "node:crypto";
import { db } from "../db/client";
import { now } from "../time";

/** How long one sign-in lasts at most, however active (next-auth's cookie is given the same age). */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * Every sign-in is a row of `sessions`; the session cookie (an encrypted JWT) carries the row's id,
 * and a session is valid only while its row exists and has not expired. Signing out deletes the
 * row, so a copy of the cookie kept from before is worth nothing (ASVS 3.3.1).
 */
export async function startSession(userId: string): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  const expires = new Date(now().getTime() + SESSION_MAX_AGE_SECONDS * 1000);
  await db.session.create({ data: { sessionToken: id, userId, expires } });
  return id;
}

/** The session's row (its key and account) while it lasts: null once it was ended, has expired, or its account is gone. */
export async function sessionOf(sessionId: string): Promise<{ id: string; userId: string } | null> {
  const session = await db.session.findUnique({ where: { sessionToken: sessionId }, select: { id: true, userId: true, expires: true } });
  return session && session.expires > now() ? { id: session.id, userId: session.userId } : null;
}

/** Signs one session out; ending one already ended changes nothing. */
export async function endSession(sessionId: string): Promise<void> {
  await db.session.deleteMany({ where: { sessionToken: sessionId } });
}

/** Signs the account out everywhere: every browser it is signed in on. Returns how many sessions ended. */
export async function endAllSessions(userId: string): Promise<number> {
  return (await db.session.deleteMany({ where: { userId } })).count;
}
