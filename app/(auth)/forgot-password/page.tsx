import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AccountForm } from "@/components/dashboard/account-form";
import { magicLinkEnabled } from "@/lib/auth/auth";
import { ACCOUNT_LIMITS } from "@/lib/credentials/account-limits";
import { forgotPasswordAction } from "@/lib/http/actions/account-actions";

export const metadata: Metadata = { title: "Forgot password" };

/** Only where the server can send email: the reset link is the proof. */
export default function ForgotPasswordPage() {
  if (!magicLinkEnabled()) notFound();
  const { perEmail, windowSeconds } = ACCOUNT_LIMITS.passwordReset;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">Forgot your password?</h1>
      <p className="text-sm text-slate-600">
        Enter your account&apos;s email address and we&apos;ll send a link to choose a new one. At most {perEmail} emails go to one address
        every {windowSeconds / 60} minutes.
      </p>
      <AccountForm
        id="forgot"
        label="Forgot password"
        action={forgotPasswordAction}
        fields={[{ name: "email", label: "Email", type: "email", autoComplete: "email", maxLength: 254 }]}
        submit="Email me a reset link"
        pendingLabel="Sending…"
      />
      <p className="text-center text-sm text-slate-600">
        <Link href="/sign-in" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600">
          Back to sign in
        </Link>
      </p>
    </div>
  );
}
