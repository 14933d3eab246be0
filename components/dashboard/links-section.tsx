import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { type Column, DataTable } from "@/components/ui/data-table";
import type { LinkRow } from "@/lib/links/document-links";
import { LinkFormDialog } from "./links-form";
import { LinkRowActions } from "./links-row-actions";

function Status({ row }: { row: LinkRow }) {
  const [label, tone] = !row.isActive
    ? ["Disabled", "bg-slate-100 text-slate-700"]
    : row.expired
      ? ["Expired", "bg-amber-50 text-amber-800"]
      : ["Active", "bg-emerald-50 text-emerald-800"];
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}>{label}</span>;
}

const COLUMNS: Array<Column<LinkRow>> = [
  {
    key: "name",
    header: "Name",
    rowHeader: true,
    cell: (row) => (
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">{row.name ?? "Default link"}</span>
        <Status row={row} />
      </span>
    ),
  },
  {
    key: "url",
    header: "Link",
    cell: (row) => (
      <span className="flex items-center gap-2">
        <span className="hidden font-mono text-xs text-slate-600 md:inline">{row.url}</span>
        <CopyButton value={row.url} label="Copy" />
      </span>
    ),
  },
  { key: "views", header: "Views", align: "end", cell: (row) => row.figures.views },
  { key: "viewers", header: "Viewers", align: "end", hideBelow: "sm", cell: (row) => row.figures.unique_viewers },
  { key: "leads", header: "Leads", align: "end", hideBelow: "sm", cell: (row) => row.figures.leads },
  {
    key: "actions",
    header: "Actions",
    srOnlyHeader: true,
    align: "end",
    cell: (row) =>
      row.name === null ? (
        <span className="text-xs text-slate-500">Settings below</span>
      ) : (
        <LinkRowActions code={row.code} name={row.name} isActive={row.isActive} overrides={row.overrides} />
      ),
  },
];

/** The document's own link and one link per recipient, each with its figures (all time). */
export function LinksSection({ documentCode, defaultLink, links }: { documentCode: string; defaultLink: LinkRow; links: LinkRow[] }) {
  return (
    <Card
      title="Links"
      description="One link per recipient, each with its own settings and figures (all time)"
      className="mb-6"
      actions={<LinkFormDialog target={{ kind: "create", documentCode }} label="New link" />}
    >
      <DataTable
        data-testid="links-table"
        caption="Links"
        variant="card"
        columns={COLUMNS}
        rows={[defaultLink, ...links]}
        rowKey={(row) => row.code}
        rowProps={(row) => ({ "data-testid": `link-row-${row.code}` })}
      />
      {links.length === 0 && <p className="pt-4 text-center text-sm text-slate-500">No links yet — create one per recipient.</p>}
    </Card>
  );
}
