import type { ComponentProps } from "react";
import { Pager } from "@/components/dashboard/pager";
import { formatPercent, formatSeconds } from "@/components/dashboard/stat";
import { Card } from "@/components/ui/card";
import { type Column, DataTable } from "@/components/ui/data-table";
import { LocalTime } from "@/components/ui/local-time";
import type { RoomAnalytics } from "@/lib/dashboard/room-analytics-data";

type Visitor = RoomAnalytics["visitors"][number];
type VisitorDocument = Visitor["documents"][number];

/** How a visitor's document was read and taken: time and completion when read, and whether downloaded (in the ZIP or alone). */
function documentFigures(d: VisitorDocument): string {
  const figures = d.visits > 0 ? [formatSeconds(d.seconds), `${formatPercent(d.completion)} read`] : [];
  if (d.downloads > 0) {
    const times = d.downloads > 1 ? ` ${d.downloads}×` : "";
    figures.push(d.zipDownloads === d.downloads ? `downloaded${times} in the ZIP` : `downloaded${times}`);
  }
  return figures.join(" · ");
}

const VISITOR_COLUMNS: Array<Column<Visitor>> = [
  {
    key: "visitor",
    header: "Visitor",
    rowHeader: true,
    cellClassName: "text-left font-medium text-slate-900",
    cell: (v) => (
      <>
        {v.label}
        {v.agreementAcceptedAt && (
          <span className="block text-xs font-normal text-slate-500" data-testid="visitor-agreement">
            Accepted the agreement on <LocalTime value={v.agreementAcceptedAt} />
          </span>
        )}
      </>
    ),
  },
  { key: "link", header: "Link", cell: (v) => v.links.join(", ") },
  {
    key: "last-visit",
    header: "Last visit",
    hideBelow: "md",
    cellClassName: "whitespace-nowrap text-slate-600",
    cell: (v) => <LocalTime value={v.lastVisit} />,
  },
  {
    key: "documents",
    header: "Documents opened or downloaded",
    cell: (v) => (
      <ul className="space-y-0.5" aria-label={`Documents ${v.label} opened or downloaded`}>
        {v.documents.map((d) => (
          <li key={d.code} className="flex justify-between gap-3">
            <span>{d.title}</span>
            <span className="whitespace-nowrap text-slate-500 tabular-nums">{documentFigures(d)}</span>
          </li>
        ))}
      </ul>
    ),
  },
];

/** One page of the room's visitors, most recent first, each with the documents they opened or downloaded there. */
export function RoomVisitorsCard({
  analytics: { visitors, pagination },
  pageHref,
}: {
  analytics: RoomAnalytics;
  pageHref: ComponentProps<typeof Pager>["href"];
}) {
  return (
    <Card
      title="Visitors"
      description="Who read or downloaded in the room, most recent first: the link they came through, their time and completion in each document, and what they downloaded"
      className="mt-6"
    >
      <DataTable data-testid="visitors-table" caption="Visitors" columns={VISITOR_COLUMNS} rows={visitors} rowKey={(v) => v.id} />
      <Pager label="Visitor pages" page={pagination.page} totalPages={pagination.total_pages} href={pageHref} />
    </Card>
  );
}
