import type { Metadata } from "next";
import Link from "next/link";
import { AccountForm } from "@/components/dashboard/account-form";
import { resetPasswordAction } from "@/lib/http/actions/account-actions";
import { findPasswordReset } from "@/lib/users/complete-password-reset";

export const metadata: Metadata = { title: "Choose a new password" };

/** The emailed reset link's page: one indexed lookup of a bounded token; the form's tries are limited per client address. */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  const reset = typeof token === "string" ? await findPasswordReset(token) : null;
  if (!reset || typeof token !== "string") {
    return (
      <div className="space-y-4">
        <h1 className="text-xl font-semibold text-slate-900">This link can&apos;t be used</h1>
        <p className="text-sm text-slate-600">It is invalid, has already been used, or has expired.</p>
        <p className="text-sm">
          <Link href="/forgot-password" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600">
            Ask for a new link
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">Choose a new password</h1>
      <p className="text-sm text-slate-600">
        For <span className="font-medium text-slate-900">{reset.email}</span>. Every browser signed in to this account will be signed out.
      </p>
      <AccountForm
        id="reset"
        label="Choose a new password"
        action={resetPasswordAction}
        fields={[
          { name: "new_password", label: "New password", type: "password", autoComplete: "new-password", hint: "At least 8 characters." },
        ]}
        hidden={{ token }}
        submit="Set new password"
        pendingLabel="Saving…"
      />
    </div>
  );
}
