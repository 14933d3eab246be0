import { Suspense } from "react";
import { DeletedDocumentNotice } from "@/components/dashboard/deleted-document-notice";
import { DashboardNav } from "@/components/dashboard/dashboard-nav";
import { MailProvider } from "@/components/dashboard/mail-context";
import { LogoMark } from "@/components/ui/logo";
import { config } from "@/lib/config";
import { requireUser } from "@/lib/http/require-user";
import { signOutAction, signOutEverywhereAction } from "@/lib/http/actions/auth-actions";

export const dynamic = "force-dynamic";

const NAV = [
  { href: "/overview", label: "Overview" },
  { href: "/documents", label: "Documents" },
  { href: "/settings/api-keys", label: "API keys" },
  { href: "/settings/webhook", label: "Webhook" },
  { href: "/settings/notifications", label: "Notifications" },
  { href: "/settings/invitations", label: "Invitations" },
];

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const user = await requireUser();
  return (
    <div className="min-h-screen md:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <aside className="relative border-b border-slate-200 bg-white md:sticky md:top-0 md:h-screen md:w-60 md:shrink-0 md:border-r md:border-b-0">
        <div className="px-4 py-3 md:px-5 md:py-5">
          <p className="flex h-8 items-center gap-2 font-bold text-slate-900">
            <LogoMark />
            Pagewise
          </p>
        </div>
        <DashboardNav
          items={NAV}
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
                <form action={signOutEverywhereAction}>
                  <button
                    type="submit"
                    className="text-sm text-slate-600 hover:text-slate-900"
                    title="Ends this account's sessions on every browser and device"
                  >
                    Sign out everywhere
                  </button>
                </form>
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
