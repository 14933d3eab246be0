import Link from "next/link";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { actionsColumn } from "@/components/ui/columns";
import { type Column, DataTable } from "@/components/ui/data-table";
import type { PeriodKey } from "@/lib/dashboard/period";
import type { LinkRow, LinkSummary } from "@/lib/links/document-links";
import { linkName, linkPageHref } from "./link-navigation";
import { LinkFormDialog } from "./links-form";
import { LinkRowActions } from "./links-row-actions";

export function LinkStatus({ link }: { link: Pick<LinkSummary, "isActive" | "expired"> & { deleted?: boolean } }) {
  const [label, tone] = link.deleted
    ? ["Deleted", "bg-slate-100 text-slate-700"]
    : !link.isActive
      ? ["Disabled", "bg-slate-100 text-slate-700"]
      : link.expired
        ? ["Expired", "bg-amber-50 text-amber-800"]
        : ["Active", "bg-emerald-50 text-emerald-800"];
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}>{label}</span>;
}

// The name's link stretches over its whole row (a click anywhere opens the link's page, one tab
// stop for the keyboard); the row's own controls sit above it.
const ABOVE_ROW_LINK = "relative z-10";

const columns = (documentCode: string, period: PeriodKey): Array<Column<LinkRow>> => [
  {
    key: "name",
    header: "Name",
    rowHeader: true,
    cell: (row) => (
      <span className="flex flex-wrap items-center gap-2">
        <Link
          href={linkPageHref(documentCode, row.code, period)}
          className="font-medium text-slate-900 underline-offset-2 after:absolute after:inset-0 hover:underline"
        >
          {linkName(row)}
        </Link>
        <LinkStatus link={row} />
        {row.rules && <span className="basis-full text-xs text-slate-600">{row.rules}</span>}
      </span>
    ),
  },
  {
    key: "url",
    header: "Link",
    cell: (row) => (
      <span className="flex items-center gap-2">
        <span className="hidden font-mono text-xs text-slate-600 md:inline">{row.url}</span>
        <span className={ABOVE_ROW_LINK}>
          <CopyButton value={row.url} label="Copy" />
        </span>
      </span>
    ),
  },
  { key: "views", header: "Views", align: "end", cell: (row) => row.figures.views },
  { key: "viewers", header: "Viewers", align: "end", hideBelow: "sm", cell: (row) => row.figures.unique_viewers },
  { key: "leads", header: "Leads", align: "end", hideBelow: "sm", cell: (row) => row.figures.leads },
  actionsColumn((row) =>
    row.name === null ? (
      <span className="text-xs text-slate-500">Settings below</span>
    ) : (
      <div className={ABOVE_ROW_LINK}>
        <LinkRowActions code={row.code} name={row.name} isActive={row.isActive} overrides={row.overrides} />
      </div>
    ),
  ),
];

/**
 * The document's own link and one link per recipient, each with its figures (all time); a row
 * opens the link's own page in the period the owner is looking at.
 */
export function LinksSection({
  documentCode,
  defaultLink,
  links,
  period = "all",
}: {
  documentCode: string;
  defaultLink: LinkRow;
  links: LinkRow[];
  period?: PeriodKey;
}) {
  return (
    <Card
      title="Links"
      description="One link per recipient, each with its own settings and figures (all time). Open a row for its readers."
      className="mb-6"
      actions={<LinkFormDialog target={{ kind: "create", documentCode }} label="New link" />}
    >
      <DataTable
        data-testid="links-table"
        caption="Links"
        variant="card"
        columns={columns(documentCode, period)}
        rows={[defaultLink, ...links]}
        rowKey={(row) => row.code}
        rowProps={(row) => ({ "data-testid": `link-row-${row.code}`, className: "relative hover:bg-slate-50" })}
      />
      {links.length === 0 && <p className="pt-4 text-center text-sm text-slate-500">No links yet — create one per recipient.</p>}
    </Card>
  );
}
