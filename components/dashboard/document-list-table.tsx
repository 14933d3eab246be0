import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { actionsColumn } from "@/components/ui/columns";
import { CopyButton } from "@/components/ui/copy-button";
import { type Column, DataTable } from "@/components/ui/data-table";
import { EngagementBadge } from "@/components/ui/engagement-badge";
import { LocalTime } from "@/components/ui/local-time";
import type { DocumentListRow } from "@/lib/dashboard/documents-page-data";
import { LETTER_ASPECT } from "@/lib/documents/page-shape";
import { plural } from "@/lib/plural";
import { engagementObject } from "@/lib/rules/engagement";
import { PageThumbnail } from "./page-thumbnail";

// On a phone the table is a list of cards: the title cell also carries the views, leads and
// engagement, and the other columns step aside (nothing is cut off at the screen's edge).
const DOCUMENT_COLUMNS: Array<Column<DocumentListRow>> = [
  {
    key: "title",
    header: "Title",
    cellClassName: "max-w-[calc(100vw-4rem)] sm:max-w-xs",
    cell: (doc) => (
      <div className="flex items-start gap-3">
        <PageThumbnail
          code={doc.code}
          version={doc.version}
          page={1}
          hasImage={doc.pageImages > 0}
          width={36}
          aspect={doc.firstPageAspect ?? LETTER_ASPECT}
        />
        <div className="min-w-0">
          <Link
            id={`document-${doc.id}`}
            href={`/documents/${doc.code}`}
            className="block truncate font-medium text-slate-900 hover:text-brand-700"
          >
            {doc.title}
          </Link>
          <span className="text-xs text-slate-500">
            {plural(doc.pageCount, "page")}
            <span className="sm:hidden">
              {" "}
              · {plural(doc.views, "view")} · {plural(doc.leadsCount, "lead")}
            </span>
          </span>
          <span className="mt-1.5 block sm:hidden">
            <EngagementBadge {...engagementObject(doc.engagementRank)} />
          </span>
        </div>
      </div>
    ),
  },
  { key: "views", header: "Views", align: "end", hideBelow: "sm", cellClassName: "tabular-nums", cell: (doc) => doc.views },
  { key: "unique", header: "Unique", align: "end", hideBelow: "sm", cellClassName: "tabular-nums", cell: (doc) => doc.uniqueViewers },
  { key: "leads", header: "Leads", align: "end", hideBelow: "sm", cellClassName: "tabular-nums", cell: (doc) => doc.leadsCount },
  {
    key: "engagement",
    header: "Engagement",
    hideBelow: "sm",
    cell: (doc) => <EngagementBadge {...engagementObject(doc.engagementRank)} />,
  },
  {
    key: "last-viewed",
    header: "Last viewed",
    hideBelow: "md",
    cellClassName: "whitespace-nowrap text-slate-600",
    cell: (doc) => (doc.lastViewedAt ? <LocalTime value={doc.lastViewedAt} /> : <span className="text-slate-500">Not yet</span>),
  },
  {
    key: "created",
    header: "Created",
    hideBelow: "md",
    cellClassName: "whitespace-nowrap text-slate-600",
    cell: (doc) => <LocalTime value={doc.createdAt} day />,
  },
  actionsColumn(
    (doc) => (
      <span className="inline-flex gap-2">
        {/* Named by their row's title through aria-describedby: a name holding the title would be a second link of that name. */}
        <CopyButton value={doc.url} label="Copy link" aria-describedby={`document-${doc.id}`} />
        <a
          href={doc.url}
          target="_blank"
          rel="noopener"
          className={buttonClass("secondary", "sm")}
          aria-label="Open as a reader (new tab)"
          aria-describedby={`document-${doc.id}`}
        >
          Open
        </a>
      </span>
    ),
    "whitespace-nowrap",
  ),
];

/**
 * One page of the owner's documents, each with its first page's thumbnail. An empty page says
 * whether the filters matched nothing (and offers to clear them) or the page is past the last.
 */
export function DocumentListTable({ rows, filtered }: { rows: DocumentListRow[]; filtered: boolean }) {
  return (
    <DataTable
      variant="page"
      caption="Documents"
      columns={DOCUMENT_COLUMNS}
      rows={rows}
      rowKey={(doc) => doc.id}
      empty={
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
          <h2 className="font-semibold text-slate-900">{filtered ? "No documents match these filters" : "No documents on this page"}</h2>
          <Link href="/documents" className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline">
            {filtered ? "Clear filters" : "Back to the first page"}
          </Link>
        </div>
      }
    />
  );
}
