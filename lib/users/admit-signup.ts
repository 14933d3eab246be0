import { db } from "../db/client";
import { EmailTakenError, insertUser } from "./create-user";
import { claimInvitation } from "./invitations";
import { signupPolicy } from "./signup-policy";

/** Serializes account creation from sign-ups, so "open until the first account" admits exactly one. */
const SIGNUP_LOCK = 72707370;

export type Admission =
  /** `first`: no account existed before this one (a fresh install claimed from the browser). */
  | { status: "created"; user: { id: string; email: string }; first: boolean }
  | { status: "exists" }
  | { status: "closed" }
  | { status: "invitation_required" }
  | { status: "invitation_invalid" };

class InvitationUnavailable extends Error {}

/**
 * Creates the account a sign-up asked for if the sign-up policy, checked again now, still lets it
 * in: the policy may have changed, or the invitation been used, since the form was sent.
 */
export async function admitSignup(signup: {
  email: string;
  name: string | null;
  passwordHash: string;
  invitationId: string | null;
  emailVerified: Date | null;
}): Promise<Admission> {
  try {
    return await db.$transaction(async (tx): Promise<Admission> => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SIGNUP_LOCK})`;
      const policy = await signupPolicy(tx);
      if (policy === "closed") return { status: "closed" };
      if (policy === "invite" && !signup.invitationId) return { status: "invitation_required" };
      if (await tx.user.findUnique({ where: { email: signup.email }, select: { id: true } })) return { status: "exists" };
      const first = (await tx.user.findFirst({ select: { id: true } })) === null;
      const user = await insertUser(tx, signup);
      // Under an open policy an invitation is not needed, but one that was used is marked so.
      // Joining the invitation's team too: the newest team is where the first sign-in lands (lib/teams/session-team.ts).
      const claimed = signup.invitationId !== null && (await claimInvitation(tx, signup.invitationId, user)) !== null;
      if (policy === "invite" && !claimed) throw new InvitationUnavailable();
      return { status: "created", user, first };
    });
  } catch (error) {
    if (error instanceof InvitationUnavailable) return { status: "invitation_invalid" };
    if (error instanceof EmailTakenError) return { status: "exists" };
    throw error;
  }
}
