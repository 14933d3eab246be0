import type { ReactNode } from "react";
import { type Column, DataTable } from "@/components/ui/data-table";
import { EngagementBadge } from "@/components/ui/engagement-badge";
import { LocalTime } from "@/components/ui/local-time";
import type { documentLeads } from "@/lib/analytics/document-leads";
import { engagementType } from "./engagement-type";

type Lead = Awaited<ReturnType<typeof documentLeads>>["leads"][number];

const LEAD_COLUMNS: Array<Column<Lead>> = [
  { key: "email", header: "Email", cellClassName: "font-medium text-slate-900", cell: (l) => l.email },
  { key: "name", header: "Name", cell: (l) => l.name || "—" },
  { key: "company", header: "Company", cell: (l) => l.company_domain },
  {
    key: "engagement",
    header: "Engagement (all time)",
    cell: (l) => <EngagementBadge label={l.engagement_label} type={engagementType(l.engagement_label)} />,
  },
  {
    key: "captured",
    header: "Captured",
    cellClassName: "whitespace-nowrap text-slate-600",
    cell: (l) => <LocalTime value={l.captured_at} />,
  },
];

/** Emails the gate captured, newest first; `empty` says why there are none. */
export function LeadsTable({ leads, empty }: { leads: Lead[]; empty: ReactNode }) {
  return (
    <DataTable
      data-testid="leads-table"
      caption="Leads"
      columns={LEAD_COLUMNS}
      rows={leads}
      rowKey={(l) => l.email}
      empty={<p className="py-6 text-center text-sm text-slate-500">{empty}</p>}
    />
  );
}
