import type { ReactNode } from "react";
import { type Column, DataTable } from "@/components/ui/data-table";
import { LocalTime } from "@/components/ui/local-time";
import type { DownloadRow } from "@/lib/analytics/document-downloads";

const COLUMNS: Array<Column<DownloadRow>> = [
  {
    key: "reader",
    header: "Reader",
    cellClassName: "font-medium text-slate-900",
    cell: (d) => d.label ?? <span className="font-normal text-slate-500">Reader no longer on record</span>,
  },
  {
    key: "downloaded",
    header: "Downloaded",
    cellClassName: "whitespace-nowrap text-slate-600",
    cell: (d) => <LocalTime value={d.downloadedAt} />,
  },
];

/** Downloads of the original file, newest first; `empty` says why there are none. */
export function DownloadsTable({ downloads, empty }: { downloads: DownloadRow[]; empty: ReactNode }) {
  return (
    <DataTable
      data-testid="downloads-table"
      caption="Downloads"
      columns={COLUMNS}
      rows={downloads}
      rowKey={(d) => d.id}
      empty={<p className="py-6 text-center text-sm text-slate-500">{empty}</p>}
    />
  );
}
