import type { Metadata } from "next";
import { NotificationPreferencesForm } from "@/components/dashboard/notification-preferences";
import { PageHeader } from "@/components/dashboard/page-header";
import { Card } from "@/components/ui/card";
import { requireTeamPage } from "@/lib/http/require-team";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { getNotificationPreferences } from "@/lib/users/notification-preferences";
import { LocalTime } from "@/components/ui/local-time";

export const metadata: Metadata = { title: "Notifications" };

export default async function NotificationsPage() {
  const team = await requireTeamPage("team.read");
  const [preferences, { name: teamName }, messages] = await Promise.all([
    getNotificationPreferences(team),
    db.team.findUniqueOrThrow({ where: { id: team.teamId }, select: { name: true } }),
    db.notification.findMany({ where: { userId: team.userId }, orderBy: { createdAt: "desc" }, take: 100 }),
  ]);
  const { SMTP_URL, NOTIFY_DIGEST_MINUTES } = config();
  return (
    <>
      <PageHeader
        title="Notifications"
        description={
          SMTP_URL
            ? "Emails sent to you by Pagewise."
            : "SMTP is not configured (SMTP_URL), so emails to you are kept here instead of being sent."
        }
      />
      <Card title="What you hear about" className="mb-6">
        <NotificationPreferencesForm preferences={preferences} digestMinutes={NOTIFY_DIGEST_MINUTES} teamName={teamName} role={team.role} />
      </Card>
      <Card title={SMTP_URL ? "Sent" : "Outbox"}>
        {messages.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">
            No notifications yet. You get one when someone reads a document that has notifications on.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="notifications">
            {messages.map((m) => (
              <li key={m.id} className="py-3">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="min-w-0 font-medium break-words text-slate-900">{m.subject}</p>
                  <span className="text-xs text-slate-500">
                    <LocalTime value={m.createdAt} /> · {m.status}
                  </span>
                </div>
                <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-600">{m.body}</p>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
