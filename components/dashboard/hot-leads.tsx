import Link from "next/link";
import { formatSeconds } from "@/components/dashboard/stat";
import { EngagementBadge } from "@/components/ui/engagement-badge";
import type { HotLead } from "@/lib/analytics/hot-leads";

/** The people who warmed up in the period: where they were before, where they are now, and on what. */
export function HotLeads({ leads }: { leads: HotLead[] }) {
  if (leads.length === 0) {
    return <p className="py-6 text-center text-sm text-slate-500">No one’s engagement rose in this period.</p>;
  }
  return (
    <ul className="divide-y divide-slate-100" data-testid="hot-leads">
      {leads.map((lead) => (
        <li key={lead.email} className="py-2.5">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Link
              href={`/contacts/${encodeURIComponent(lead.email)}`}
              className="min-w-0 truncate text-sm font-medium text-slate-900 hover:text-brand-700"
            >
              {lead.name ? `${lead.name} · ${lead.email}` : lead.email}
            </Link>
            <span className="flex items-center gap-1 text-xs text-slate-500">
              <EngagementBadge {...lead.before} />
              <span aria-hidden>→</span>
              <span className="sr-only">rose to</span>
              <EngagementBadge {...lead.engagement} />
            </span>
          </div>
          <p className="mt-0.5 truncate text-xs text-slate-600">
            {lead.document.title} · {formatSeconds(lead.total_time_seconds)} in this period
          </p>
        </li>
      ))}
    </ul>
  );
}
