import { CHART_COLORS } from "@/components/dashboard/chart-colors";
import { formatPercent, formatSeconds } from "@/components/dashboard/stat";
import { Card } from "@/components/ui/card";
import { type Column, DataTable } from "@/components/ui/data-table";
import type { RoomAnalytics } from "@/lib/dashboard/room-analytics-data";

type DocumentRow = RoomAnalytics["documents"][number];

const DOCUMENT_COLUMNS: Array<Column<DocumentRow>> = [
  { key: "document", header: "Document", rowHeader: true, cellClassName: "text-left font-medium text-slate-900", cell: (d) => d.title },
  {
    key: "views",
    header: "Views",
    cellClassName: "w-1/3 tabular-nums",
    cell: (d) => (
      // The bar repeats the number for the eye; the number is what a screen reader reads.
      <span className="flex items-center gap-2">
        <span aria-hidden className="h-2.5 rounded-sm" style={{ width: `${d.share * 100}%`, backgroundColor: CHART_COLORS.brand }} />
        <span>{d.views}</span>
      </span>
    ),
  },
  { key: "viewers", header: "Viewers", align: "end", cellClassName: "tabular-nums", cell: (d) => d.viewers },
  {
    key: "time",
    header: "Avg. time",
    align: "end",
    hideBelow: "sm",
    cellClassName: "tabular-nums",
    cell: (d) => formatSeconds(d.avgTimeSeconds),
  },
  {
    key: "completion",
    header: "Avg. completion",
    align: "end",
    hideBelow: "sm",
    cellClassName: "tabular-nums",
    cell: (d) => formatPercent(d.avgCompletion),
  },
];

/** Each document the room holds, in the room's order, with how it was read in the room. */
export function RoomDocumentsCard({ documents }: { documents: RoomAnalytics["documents"] }) {
  return (
    <Card title="Documents" description="Reads of each document in this room, all time; time is per visit" className="mt-6">
      <DataTable
        data-testid="room-document-stats"
        caption="Reads per document"
        columns={DOCUMENT_COLUMNS}
        rows={documents}
        rowKey={(d) => d.code}
      />
    </Card>
  );
}
