import Link from "next/link";
import { formatSeconds } from "@/components/dashboard/stat";
import { LocalTime } from "@/components/ui/local-time";
import type { ActivityItem } from "@/lib/analytics/recent-activity";
import { plural } from "@/lib/plural";

const VERB: Record<ActivityItem["kind"], string> = {
  visit: "read",
  download: "downloaded",
  lead: "gave their email on",
  room_lead: "entered the room",
};

/** The team's latest visits, downloads and emails given, newest first, each naming who, what and when. */
export function RecentActivity({ items }: { items: ActivityItem[] }) {
  if (items.length === 0) return <p className="py-6 text-center text-sm text-slate-500">No activity in the last 30 days.</p>;
  return (
    <ol className="divide-y divide-slate-100" data-testid="recent-activity">
      {items.map((item, i) => (
        <li key={`${item.kind} ${item.at} ${i}`} className="py-2.5 text-sm">
          <p className="break-words text-slate-700">
            {item.email ? (
              <Link href={`/contacts/${encodeURIComponent(item.email)}`} className="font-medium text-slate-900 hover:text-brand-700">
                {item.email}
              </Link>
            ) : (
              <span className="font-medium text-slate-900">An anonymous reader</span>
            )}{" "}
            {VERB[item.kind]} <span className="font-medium text-slate-900">{item.document?.title ?? item.room?.name}</span>
            {item.document && item.room && ` in ${item.room.name}`}
          </p>
          <p className="mt-0.5 text-xs text-slate-500">
            <LocalTime value={item.at} />
            {item.kind === "visit" && ` · ${plural(item.pages_viewed ?? 0, "page")} · ${formatSeconds(item.total_time_seconds ?? 0)}`}
          </p>
        </li>
      ))}
    </ol>
  );
}
