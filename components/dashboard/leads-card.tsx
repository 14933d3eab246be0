import type { ComponentProps, ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { type Column, DataTable } from "@/components/ui/data-table";
import { EngagementBadge } from "@/components/ui/engagement-badge";
import { LocalTime } from "@/components/ui/local-time";
import type { documentLeads } from "@/lib/analytics/document-leads";
import { engagementType } from "./engagement-type";
import { Pager } from "./pager";

type Leads = Awaited<ReturnType<typeof documentLeads>>;
type Lead = Leads["leads"][number];

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

/** The Leads card: one page of emails the gate captured, newest first; `empty` says why there are none. */
export function LeadsCard({
  leads,
  description,
  actions,
  empty,
  pageHref,
}: {
  leads: Leads;
  description: string;
  actions?: ReactNode;
  empty: ReactNode;
  pageHref: ComponentProps<typeof Pager>["href"];
}) {
  return (
    <Card title="Leads" description={description} className="mb-6" actions={actions}>
      <DataTable
        data-testid="leads-table"
        caption="Leads"
        columns={LEAD_COLUMNS}
        rows={leads.leads}
        rowKey={(l) => l.email}
        empty={<p className="py-6 text-center text-sm text-slate-500">{empty}</p>}
      />
      <Pager label="Lead pages" page={leads.pagination.page} totalPages={leads.pagination.total_pages} href={pageHref} />
    </Card>
  );
}
