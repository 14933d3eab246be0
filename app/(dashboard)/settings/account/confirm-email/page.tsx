import type { Metadata } from "next";
import Link from "next/link";
import { AccountForm } from "@/components/dashboard/account-form";
import { PageHeader } from "@/components/dashboard/page-header";
import { Card } from "@/components/ui/card";
import { confirmEmailChangeAction } from "@/lib/http/actions/account-actions";
import { requireTeamPage } from "@/lib/http/require-team";
import { findEmailChange } from "@/lib/users/confirm-email-change";

export const metadata: Metadata = { title: "Confirm your new address" };

/**
 * The link mailed to a new address opens this page, signed in (sign-in comes back here). The
 * address changes by its button, not by the visit, so mail scanners that open links change nothing.
 */
export default async function ConfirmEmailPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { user } = await requireTeamPage();
  const { token } = await searchParams;
  const change = typeof token === "string" ? await findEmailChange(token, user.id) : null;
  return (
    <>
      <PageHeader title="Confirm your new address" />
      <Card>
        {change && typeof token === "string" ? (
          <div className="space-y-4">
            <p className="text-sm text-slate-700">
              Use <span className="font-medium text-slate-900">{change.newEmail}</span> instead of {user.email} to sign in and receive
              Pagewise email. Your current address will be told of the change.
            </p>
            <AccountForm
              id="confirm-email"
              label="Confirm new address"
              action={confirmEmailChangeAction}
              fields={[]}
              hidden={{ token }}
              submit="Use this address"
              pendingLabel="Confirming…"
            />
          </div>
        ) : (
          <div className="space-y-3 text-sm text-slate-600">
            <p>
              This link can&apos;t be used: it is invalid, has already been used, has expired, or was sent for another account than the one
              signed in here ({user.email}).
            </p>
            <Link href="/settings/account" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600">
              Back to your account
            </Link>
          </div>
        )}
      </Card>
    </>
  );
}
