import type { Metadata } from "next";
import Link from "next/link";
import { AccountForm } from "@/components/dashboard/account-form";
import { PageHeader } from "@/components/dashboard/page-header";
import { Card } from "@/components/ui/card";
import { accountPageData } from "@/lib/dashboard/account-page-data";
import { changeEmailAction, changeNameAction, changePasswordAction, deleteAccountAction } from "@/lib/http/actions/account-actions";
import { SignOutEverywhereButton } from "@/components/dashboard/sign-out-everywhere-button";
import { requireTeamPage } from "@/lib/http/require-team";
import { NO_PASSWORD } from "@/lib/users/change-email";

export const metadata: Metadata = { title: "Account" };

const CURRENT_PASSWORD = {
  name: "current_password",
  label: "Current password",
  type: "password",
  autoComplete: "current-password",
} as const;

/** The signed-in person's own account, whatever their team and role: name, address, password, sessions, deletion. */
export default async function AccountPage({ searchParams }: { searchParams: Promise<{ notice?: string }> }) {
  const { user } = await requireTeamPage();
  const account = await accountPageData(user.id);
  const { notice } = await searchParams;
  return (
    <>
      <PageHeader title="Account" description={`Signed in as ${account.email}. These settings are yours, in every team.`} />
      {notice === "email-confirmed" && (
        <p role="status" className="mb-6 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          Your new address is confirmed: sign in with {account.email} from now on.
        </p>
      )}
      <div className="space-y-6">
        <Card title="Name" description="Shown to your teams instead of your address.">
          <AccountForm
            id="account-name"
            label="Name"
            action={changeNameAction}
            fields={[{ name: "name", label: "Name", autoComplete: "name", defaultValue: account.name, maxLength: 100 }]}
            submit="Save name"
            pendingLabel="Saving…"
          />
        </Card>
        <Card
          title="Email address"
          description={
            account.mail
              ? "We email a link to the new address; your address changes when you open it, signed in here. Your current address is told."
              : "This server cannot send email, so the new address cannot be confirmed: it is used at once, with your current password as proof."
          }
        >
          {account.hasPassword ? (
            <AccountForm
              id="account-email"
              label="Email address"
              action={changeEmailAction}
              fields={[
                { name: "email", label: "New email address", type: "email", autoComplete: "email", maxLength: 254 },
                CURRENT_PASSWORD,
              ]}
              submit={account.mail ? "Send confirmation link" : "Change address"}
              pendingLabel={account.mail ? "Sending…" : "Changing…"}
            />
          ) : (
            <p className="text-sm text-slate-600">{NO_PASSWORD}</p>
          )}
        </Card>
        <Card
          title="Password"
          description="Changing it signs your account out on every other browser and device; this one stays signed in."
        >
          {account.hasPassword ? (
            <AccountForm
              id="account-password"
              label="Password"
              action={changePasswordAction}
              fields={[
                CURRENT_PASSWORD,
                {
                  name: "new_password",
                  label: "New password",
                  type: "password",
                  autoComplete: "new-password",
                  hint: "At least 8 characters.",
                },
              ]}
              submit="Change password"
              pendingLabel="Changing…"
            />
          ) : (
            <p className="text-sm text-slate-600">
              Your account has no password: you sign in with emailed links. To set one, sign out and choose &ldquo;Forgot password?&rdquo;
              on the sign-in page.
            </p>
          )}
        </Card>
        <Card title="Sessions" description="Signed in on a computer you no longer use? End every session of this account, this one too.">
          <SignOutEverywhereButton />
        </Card>
        <Card
          title="Delete account"
          description="Deletes your account and the teams where you are the only member, with their documents. This cannot be undone."
        >
          {account.sharedTeams.length > 0 && (
            <p className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              You own {account.sharedTeams.map((name) => `“${name}”`).join(", ")}, which other people belong to. Hand it over on the{" "}
              <Link href="/settings/team" className="font-medium underline underline-offset-2">
                Team page
              </Link>{" "}
              (switch to it first) before deleting your account.
            </p>
          )}
          <AccountForm
            id="account-delete"
            label="Delete account"
            action={deleteAccountAction}
            fields={[
              account.hasPassword
                ? CURRENT_PASSWORD
                : { name: "confirm_email", label: `Type ${account.email} to confirm`, type: "email", autoComplete: "off" },
            ]}
            submit="Delete my account"
            pendingLabel="Deleting…"
            variant="danger"
          />
        </Card>
      </div>
    </>
  );
}
