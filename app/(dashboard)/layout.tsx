import { Suspense } from "react";
import { DeletedDocumentNotice } from "@/components/dashboard/deleted-document-notice";
import { DashboardNav } from "@/components/dashboard/dashboard-nav";
import { MailProvider } from "@/components/dashboard/mail-context";
import { LogoMark } from "@/components/ui/logo";
import { config } from "@/lib/config";
import { TeamSwitcher } from "@/components/dashboard/team-switcher";
import { requireTeamPage } from "@/lib/http/require-team";
import { type TeamAction, can } from "@/lib/teams/permissions";
import { teamsOf } from "@/lib/teams/team-memberships";
import { signOutAction } from "@/lib/http/actions/auth-actions";
import { SignOutEverywhereButton } from "@/components/dashboard/sign-out-everywhere-button";

export const dynamic = "force-dynamic";

/** Each page with the action its role needs (none: every signed-in person's own): a role's nav shows only what it can open. */
const NAV: Array<{ href: string; label: string; can?: TeamAction }> = [
  { href: "/overview", label: "Overview", can: "analytics.read" },
  { href: "/documents", label: "Documents", can: "documents.read" },
  { href: "/rooms", label: "Rooms", can: "documents.read" },
  { href: "/contacts", label: "Contacts", can: "analytics.read" },
  { href: "/questions", label: "Questions", can: "documents.read" },
  { href: "/trash", label: "Trash", can: "trash.manage" },
  { href: "/settings/team", label: "Team", can: "team.read" },
  { href: "/settings/api-keys", label: "API keys", can: "keys.manage" },
  { href: "/settings/webhook", label: "Webhook", can: "webhook.manage" },
  { href: "/settings/notifications", label: "Notifications", can: "team.read" },
  { href: "/settings/invitations", label: "Invitations", can: "members.manage" },
  { href: "/settings/account", label: "Account" },
  { href: "/settings/audit-log", label: "Audit log", can: "audit.read" },
];

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const access = await requireTeamPage();
  const { user } = access;
  const teams = await teamsOf(user.id);
  return (
    <div className="min-h-screen md:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <aside className="relative border-b print:hidden border-slate-200 bg-white md:sticky md:top-0 md:h-screen md:w-60 md:shrink-0 md:border-r md:border-b-0">
        <div className="px-4 py-3 md:px-5 md:py-5">
          <p className="flex h-8 items-center gap-2 font-bold text-slate-900">
            <LogoMark />
            Pagewise
          </p>
        </div>
        <TeamSwitcher teams={teams} current={access.teamId} />
        <DashboardNav
          items={NAV.filter((item) => !item.can || can(access.role, item.can)).map(({ href, label }) => ({ href, label }))}
          footer={
            <div className="border-t border-slate-100 px-5 py-4 md:absolute md:bottom-0 md:w-60">
              <p className="truncate text-sm text-slate-700" title={user.email}>
                {user.email}
              </p>
              <div className="mt-1 flex flex-wrap gap-x-4">
                <form action={signOutAction}>
                  <button type="submit" className="text-sm text-slate-600 hover:text-slate-900">
                    Sign out
                  </button>
                </form>
                <SignOutEverywhereButton quiet />
              </div>
            </div>
          }
        />
      </aside>
      <main id="main" className="min-w-0 flex-1 px-4 py-6 md:px-8 md:py-8">
        <div className="mx-auto max-w-6xl">
          <Suspense>
            <DeletedDocumentNotice />
          </Suspense>
          <MailProvider configured={Boolean(config().SMTP_URL)}>{children}</MailProvider>
        </div>
      </main>
    </div>
  );
}
