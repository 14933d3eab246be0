import { timeColumn } from "@/components/ui/columns";
import type { DownloadRow, documentDownloads } from "@/lib/analytics/document-downloads";
import { type ListCardProps, PagedTableCard, type TableCard } from "./paged-card";

const TABLE: TableCard<DownloadRow> = {
  title: "Downloads",
  pagerLabel: "Download pages",
  rowKey: (d) => d.id,
  columns: [
    {
      key: "reader",
      header: "Reader",
      cellClassName: "font-medium text-slate-900",
      cell: (d) => d.label ?? <span className="font-normal text-slate-500">Reader no longer on record</span>,
    },
    timeColumn("downloaded", "Downloaded", (d) => d.downloadedAt),
  ],
};

/** The Downloads card: one page of downloads of the file, newest first; `empty` says why there are none. */
export function DownloadsCard({ downloads, ...card }: ListCardProps & { downloads: Awaited<ReturnType<typeof documentDownloads>> }) {
  return <PagedTableCard table={TABLE} rows={downloads.downloads} pagination={downloads.pagination} {...card} />;
}
