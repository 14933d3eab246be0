import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignUpForm } from "@/components/dashboard/sign-up-form";
import { SignUpUnavailable } from "@/components/dashboard/sign-up-unavailable";
import { auth, magicLinkEnabled } from "@/lib/auth/auth";
import { findUsableInvitation } from "@/lib/users/invitations";
import { signupPolicy } from "@/lib/users/signup-policy";

export const metadata: Metadata = { title: "Create your account" };

export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ invite?: string }> }) {
  if ((await auth())?.user) redirect("/documents");
  const { invite } = await searchParams;
  const token = typeof invite === "string" ? invite : undefined;
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
  return (
    <SignUpForm invitation={invitation && token ? { token, email: invitation.email } : undefined} emailVerification={magicLinkEnabled()} />
  );
}
