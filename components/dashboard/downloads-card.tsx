import type { ComponentProps, ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { type Column, DataTable } from "@/components/ui/data-table";
import { LocalTime } from "@/components/ui/local-time";
import type { DownloadRow, documentDownloads } from "@/lib/analytics/document-downloads";
import { Pager } from "./pager";

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

/** The Downloads card: one page of downloads of the file, newest first; `empty` says why there are none. */
export function DownloadsCard({
  downloads,
  description,
  empty,
  pageHref,
}: {
  downloads: Awaited<ReturnType<typeof documentDownloads>>;
  description: string;
  empty: ReactNode;
  pageHref: ComponentProps<typeof Pager>["href"];
}) {
  return (
    <Card title="Downloads" description={description} className="mb-6">
      <DataTable
        data-testid="downloads-table"
        caption="Downloads"
        columns={COLUMNS}
        rows={downloads.downloads}
        rowKey={(d) => d.id}
        empty={<p className="py-6 text-center text-sm text-slate-500">{empty}</p>}
      />
      <Pager label="Download pages" page={downloads.pagination.page} totalPages={downloads.pagination.total_pages} href={pageHref} />
    </Card>
  );
}
