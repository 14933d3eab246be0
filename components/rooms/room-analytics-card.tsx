import { EmptyList } from "@/components/dashboard/paged-card";
import { Stat, formatSeconds } from "@/components/dashboard/stat";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { type Column, DataTable } from "@/components/ui/data-table";
import type { RoomAnalytics } from "@/lib/dashboard/room-analytics-data";

type LinkRow = RoomAnalytics["links"][number];

const LINK_COLUMNS: Array<Column<LinkRow>> = [
  { key: "link", header: "Link", rowHeader: true, cellClassName: "text-left font-medium text-slate-900", cell: (l) => l.name },
  { key: "views", header: "Views", align: "end", cellClassName: "tabular-nums", cell: (l) => l.views },
  { key: "viewers", header: "Viewers", align: "end", cellClassName: "tabular-nums", cell: (l) => l.viewers },
];

/**
 * The room's totals (reads, and downloads of its documents alone or in its ZIP) and each link's
 * reads, all time, with the viewers' CSV; the invitation to share while nobody has read.
 */
export function RoomAnalyticsCard({ analytics: { totals, links, csvHref } }: { analytics: RoomAnalytics }) {
  return (
    <Card
      title="Analytics"
      description="Reads in this room, all time"
      actions={
        <a href={csvHref} className={buttonClass("secondary", "sm")}>
          Download CSV
        </a>
      }
    >
      <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Stat label="Views" value={totals.views} />
        <Stat label="Unique viewers" value={totals.viewers} />
        <Stat label="Leads" value={totals.leads} />
        <Stat label="Total time" value={formatSeconds(totals.totalTimeSeconds)} />
        <Stat label="Avg. time" value={formatSeconds(totals.avgTimeSeconds)} />
        <Stat label="Downloads" value={totals.downloads} />
        <Stat label="ZIP downloads" value={totals.zipDownloads} />
      </dl>
      <DataTable
        data-testid="room-link-stats"
        caption="Reads per link"
        columns={LINK_COLUMNS}
        rows={links}
        rowKey={(l) => l.code}
        empty={<EmptyList>No one has opened this room yet. Share a link to see who reads what.</EmptyList>}
      />
    </Card>
  );
}
