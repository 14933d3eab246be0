import { db } from "../db/client";
import { now } from "../time";
import { type Admission, admitSignup } from "./admit-signup";
import { hashToken } from "./token-hash";

/** The address a sign-up link would create an account for, while the link is still good. */
export async function findSignupRequest(token: string): Promise<{ email: string } | null> {
  if (!token || token.length > 100) return null;
  return db.signupRequest.findFirst({ where: { tokenHash: hashToken(token), expiresAt: { gt: now() } }, select: { email: true } });
}

/**
 * Follows a sign-up link: the address is proved, so the account is created verified (if the
 * sign-up policy still admits it). Every pending sign-up for that address ends here.
 */
export async function completeSignup(token: string): Promise<Admission | { status: "invalid" }> {
  if (!token || token.length > 100) return { status: "invalid" };
  const request = await db.signupRequest.findFirst({ where: { tokenHash: hashToken(token), expiresAt: { gt: now() } } });
  if (!request) return { status: "invalid" };
  const admitted = await admitSignup({
    email: request.email,
    name: request.name,
    passwordHash: request.passwordHash,
    invitationId: request.invitationId,
    emailVerified: now(),
  });
  if (admitted.status === "created" || admitted.status === "exists") await db.signupRequest.deleteMany({ where: { email: request.email } });
  return admitted;
}
