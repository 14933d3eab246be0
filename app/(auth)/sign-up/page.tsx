import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AcceptInvitation } from "@/components/dashboard/accept-invitation";
import { SignUpForm } from "@/components/dashboard/sign-up-form";
import { SignUpUnavailable } from "@/components/dashboard/sign-up-unavailable";
import { magicLinkEnabled, signedInUser } from "@/lib/auth/auth";
import { signInPath } from "@/lib/auth/callback-path";
import { findUsableInvitation, inviterName } from "@/lib/users/invitations";
import { signupPolicy } from "@/lib/users/signup-policy";

export const metadata: Metadata = { title: "Create your account" };

export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ invite?: string }> }) {
  const { invite } = await searchParams;
  const token = typeof invite === "string" ? invite : undefined;
  const user = await signedInUser();
  if (user) {
    // A signed-in user opening an invitation joins its team with this account.
    const invitation = token ? await findUsableInvitation(token) : null;
    if (!token) redirect("/documents");
    if (!invitation) {
      return (
        <SignUpUnavailable
          title="This invitation can't be used"
          message="The invitation link has expired, been revoked or already been used."
        />
      );
    }
    if (invitation.email !== null && invitation.email !== user.email) {
      return (
        <SignUpUnavailable
          title="This invitation is for another address"
          message={`It was sent to ${invitation.email}; you are signed in as ${user.email}. Sign out, then open the link again and sign in with that address.`}
        />
      );
    }
    return (
      <AcceptInvitation
        token={token}
        team={invitation.team.name}
        role={invitation.role}
        email={user.email}
        inviter={inviterName(invitation)}
      />
    );
  }
  const policy = await signupPolicy();
  if (policy === "closed") {
    return (
      <SignUpUnavailable
        title="Sign-up is closed"
        message="This Pagewise server does not take new sign-ups. Ask its administrator to create an account for you."
      />
    );
  }
  const invitation = token ? await findUsableInvitation(token) : null;
  if (policy === "invite" && !invitation) {
    return token ? (
      <SignUpUnavailable
        title="This invitation can't be used"
        message="The invitation link has expired, been revoked or already been used. Ask the person who invited you for a new one."
      />
    ) : (
      <SignUpUnavailable
        title="Sign-up needs an invitation"
        message="This Pagewise server is invite-only. Ask someone who has an account here to invite you: they create invitation links under Settings → Invitations."
      />
    );
  }
  const form = (
    <SignUpForm
      invitation={
        invitation && token
          ? { token, email: invitation.email, team: invitation.team.name, inviter: inviterName(invitation), role: invitation.role }
          : undefined
      }
      emailVerification={magicLinkEnabled()}
    />
  );
  if (!invitation || !token) return form;
  return (
    <>
      {form}
      <p className="mt-4 text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link
          href={signInPath(`/sign-up?invite=${encodeURIComponent(token)}`)}
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          Sign in to join the team
        </Link>
      </p>
    </>
  );
}
