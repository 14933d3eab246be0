import type { Metadata } from "next";
import Link from "next/link";
import { CompleteSignUpForm } from "@/components/dashboard/complete-sign-up-form";
import { findSignupRequest } from "@/lib/users/complete-signup";

export const metadata: Metadata = { title: "Finish creating your account" };

/** The emailed link opens this page; the account is created by its button, not by the visit, so mail scanners that open links create nothing. */
export default async function VerifySignUpPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  const request = typeof token === "string" ? await findSignupRequest(token) : null;
  if (!request || typeof token !== "string") {
    return (
      <div className="space-y-4">
        <h1 className="text-xl font-semibold text-slate-900">This link can&apos;t be used</h1>
        <p className="text-sm text-slate-600">It is invalid, has already been used, or has expired. Sign up again to get a new one.</p>
        <p className="text-sm">
          <Link href="/sign-in" className="font-medium text-brand-700 hover:underline">
            Sign in
          </Link>
        </p>
      </div>
    );
  }
  return <CompleteSignUpForm token={token} email={request.email} />;
}
