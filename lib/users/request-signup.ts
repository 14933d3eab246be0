import { consumeAccountLimits } from "../credentials/account-limits";
import { HashingBusyError, HASHING_BUSY_RETRY_SECONDS } from "../credentials/hashing-gate";
import { hashPassword } from "../credentials/password-hash";
import { config } from "../config";
import { db } from "../db/client";
import { enqueueOwnerEmail } from "../email/enqueue-owner-email";
import { sendAccountEmail } from "../email/send-account-email";
import { newSignupToken } from "../ids";
import { now } from "../time";
import { admitSignup } from "./admit-signup";
import { type SignupForm, signupFormSchema } from "../schemas/users";
import { findUserByEmail } from "./create-user";
import { findUsableInvitation } from "./invitations";
import { signupPolicy } from "./signup-policy";
import { hashToken } from "./token-hash";
import { logger } from "../log/logger";

const log = logger("sign-up");

/**
 * What the person who sent the form is told. `check_email` and `sign_in` are the same whether or
 * not the address already had an account; the other answers do not depend on the address at all.
 */
export type SignupOutcome =
  /** The instance's first account: made at once, and the person is signed in (there is no one to hide anything from). */
  | { status: "first_account" }
  | { status: "check_email" }
  | { status: "sign_in" }
  | { status: "email_not_sent" }
  | { status: "closed" }
  | { status: "invitation_required" }
  | { status: "invitation_invalid" }
  | { status: "invitation_other_email" }
  | { status: "rate_limited"; retryAfter: number }
  | { status: "busy"; retryAfter: number };

export const SIGNUP_LINK_HOURS = 24;

/**
 * A sign-up form, sent from `address`. Both branches (new address, existing account) hash the
 * password and write or send one message, so neither the answer nor the work tells them apart.
 *
 * With SMTP nothing is created yet: a new address gets a link that creates the account
 * (completeSignup); an existing account's owner gets a note saying how to sign in. Without SMTP
 * the address cannot be proved: a new address gets its account at once (unverified; a later
 * sign-in by emailed link claims it), and an existing account's owner finds a note in the
 * dashboard's notifications.
 */
export async function requestSignup(input: SignupForm, address: string): Promise<SignupOutcome> {
  const form = signupFormSchema.parse(input);
  const limit = await consumeAccountLimits("signUp", { email: form.email, address });
  if (!limit.allowed) return { status: "rate_limited", retryAfter: limit.retryAfter };

  const invitation = form.invitation ? await findUsableInvitation(form.invitation) : null;
  const refused = policyRefusal(await signupPolicy(), form, invitation);
  if (refused) return refused;

  let passwordHash: string;
  try {
    passwordHash = await hashPassword(form.password);
  } catch (error) {
    if (error instanceof HashingBusyError) return { status: "busy", retryAfter: HASHING_BUSY_RETRY_SECONDS };
    throw error;
  }

  await db.signupRequest.deleteMany({ where: { expiresAt: { lte: now() } } });
  const existing = await findUserByEmail(form.email);
  const signup = { email: form.email, name: form.name || null, passwordHash, invitationId: invitation?.id ?? null };

  // The first account of a fresh install needs no second step: no address can be taken from anyone yet.
  if (!existing && !(await anyAccount())) {
    const admitted = await admitSignup({ ...signup, emailVerified: null });
    // Another sign-up may have won the race for the first account; this one then follows the policy it met.
    if (admitted.status === "created") return { status: admitted.first ? "first_account" : "sign_in" };
    if (admitted.status !== "exists") return admitted;
  }
  // The policy met before hashing may have changed meanwhile (another sign-up made the first account): follow it as it is now.
  const refusedNow = policyRefusal(await signupPolicy(), form, invitation);
  if (refusedNow) return refusedNow;

  if (config().SMTP_URL) {
    const message = existing ? existingAccountEmail(form.email) : confirmationEmail(form.email, await storeSignupRequest(signup));
    try {
      await sendAccountEmail(message);
    } catch (error) {
      log.error({ err: error }, "sign-up email not sent");
      return { status: "email_not_sent" };
    }
    return { status: "check_email" };
  }

  if (existing) {
    await db.$transaction((tx) => enqueueOwnerEmail(tx, { userId: existing.id, to: existing.email, ...existingAccountNote(address) }));
    return { status: "sign_in" };
  }
  const admitted = await admitSignup({ ...signup, emailVerified: null });
  if (admitted.status === "created" || admitted.status === "exists") return { status: "sign_in" };
  return admitted;
}

/** What the sign-up policy refuses this form, or null when it may go on. */
function policyRefusal(
  policy: Awaited<ReturnType<typeof signupPolicy>>,
  form: { email: string; invitation?: string | null },
  invitation: Awaited<ReturnType<typeof findUsableInvitation>>,
): SignupOutcome | null {
  if (policy === "closed") return { status: "closed" };
  if (policy !== "invite") return null;
  if (!form.invitation) return { status: "invitation_required" };
  if (!invitation) return { status: "invitation_invalid" };
  if (invitation.email && invitation.email !== form.email) return { status: "invitation_other_email" };
  return null;
}

const anyAccount = async () => (await db.user.findFirst({ select: { id: true } })) !== null;

async function storeSignupRequest(signup: {
  email: string;
  name: string | null;
  passwordHash: string;
  invitationId: string | null;
}): Promise<string> {
  const token = newSignupToken();
  const at = now();
  await db.signupRequest.create({
    data: { ...signup, tokenHash: hashToken(token), expiresAt: new Date(at.getTime() + SIGNUP_LINK_HOURS * 3_600_000) },
  });
  return token;
}

function confirmationEmail(to: string, token: string) {
  const link = `${config().APP_URL}/sign-up/verify?token=${token}`;
  return {
    to,
    subject: "Confirm your email to finish creating your Pagewise account",
    text:
      `Open this link to finish creating your Pagewise account:\n\n${link}\n\n` +
      `It works once and expires in ${SIGNUP_LINK_HOURS} hours. If you did not sign up, ignore this email: no account is created without it.`,
  };
}

function existingAccountEmail(to: string) {
  const appUrl = config().APP_URL;
  return {
    to,
    subject: "Someone tried to create a Pagewise account with your email",
    text:
      `Someone (perhaps you) tried to create a Pagewise account at ${appUrl} with this address. You already have one, and nothing about it changed.\n\n` +
      `Sign in at ${appUrl}/sign-in. Forgot your password? On that page choose "Email me a sign-in link".`,
  };
}

function existingAccountNote(address: string) {
  return {
    kind: "account.signup_attempt",
    subject: "Someone tried to create an account with your email",
    body: `Someone at network address ${address} tried to create a Pagewise account with your email address. Your account already existed, and nothing about it changed.`,
  };
}
