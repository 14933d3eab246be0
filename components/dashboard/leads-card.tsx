import { EngagementBadge } from "@/components/ui/engagement-badge";
import { timeColumn } from "@/components/ui/columns";
import type { documentLeads } from "@/lib/analytics/document-leads";
import { engagementType } from "./engagement-type";
import { type ListCardProps, PagedTableCard, type TableCard } from "./paged-card";

type Leads = Awaited<ReturnType<typeof documentLeads>>;
type Lead = Leads["leads"][number];

const TABLE: TableCard<Lead> = {
  title: "Leads",
  pagerLabel: "Lead pages",
  rowKey: (l) => l.email,
  columns: [
    { key: "email", header: "Email", cellClassName: "font-medium text-slate-900", cell: (l) => l.email },
    { key: "name", header: "Name", cell: (l) => l.name || "—" },
    { key: "company", header: "Company", cell: (l) => l.company_domain },
    {
      key: "engagement",
      header: "Engagement (all time)",
      cell: (l) => <EngagementBadge label={l.engagement_label} type={engagementType(l.engagement_label)} />,
    },
    timeColumn("captured", "Captured", (l) => l.captured_at),
  ],
};

/** The Leads card: one page of emails the gate captured, newest first; `empty` says why there are none. */
export function LeadsCard({ leads, ...card }: ListCardProps & { leads: Leads }) {
  return <PagedTableCard table={TABLE} rows={leads.leads} pagination={leads.pagination} {...card} />;
}
