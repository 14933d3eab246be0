import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/dashboard/sign-in-form";
import { auth, magicLinkEnabled } from "@/lib/auth/auth";
import { safeCallbackPath } from "@/lib/auth/callback-path";
import { signupPolicy } from "@/lib/users/signup-policy";

export const metadata: Metadata = { title: "Sign in" };

const NOTICES: Record<string, string> = {
  verified: "Your email is confirmed and your account is ready. Sign in with your email and password.",
  "account-exists": "Your email is confirmed, and it already has an account. Sign in with it.",
  "signed-up":
    "What happens next: if that email had no account yet, it has one now, so sign in below with the password you chose. If it already had one, nothing changed and its owner was notified. " +
    "(This server cannot send email, so it cannot confirm addresses or tell you which happened.)",
  "first-account": "Your account is ready. Sign in with the email and password you just chose.",
  "signed-out-everywhere": "You are signed out on every browser and device where this account was signed in.",
  "password-reset": "Your new password is set, and every browser signed in to your account was signed out. Sign in with it.",
  "account-deleted": "Your account is deleted, with the teams only you belonged to. You are signed out.",
};

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string; error?: string; notice?: string }>;
}) {
  const { callbackUrl, error, notice } = await searchParams;
  const next = safeCallbackPath(callbackUrl);
  if ((await auth())?.user) redirect(next ?? "/documents");
  return (
    <SignInForm
      next={next}
      magicLink={magicLinkEnabled()}
      notice={typeof notice === "string" ? NOTICES[notice] : undefined}
      error={typeof error === "string" ? error : undefined}
      signUp={await signupPolicy()}
    />
  );
}
