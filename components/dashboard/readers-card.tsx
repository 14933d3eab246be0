import type { ComponentProps, ReactNode } from "react";
import { Card } from "@/components/ui/card";
import type { readersWithVisits } from "@/lib/analytics/readers-with-visits";
import type { PeriodKey } from "@/lib/dashboard/period";
import { engagementType } from "./engagement-type";
import { Pager } from "./pager";
import { type ReaderRow, ReadersTable } from "./readers-table";

type Readers = Awaited<ReturnType<typeof readersWithVisits>>;

/** The readers table's rows: each reader with their visits and agreement, times serialised for the client. */
function readerRows({ readers, timelines, accepted }: Readers): ReaderRow[] {
  return readers.map((r) => ({
    viewerId: r.viewerId,
    label: r.label,
    companyDomain: r.companyDomain,
    visits: r.visits,
    completion: r.completion,
    totalTimeSeconds: r.totalTimeSeconds,
    downloaded: r.downloaded,
    engagementLabel: r.engagementLabel,
    engagementType: engagementType(r.engagementLabel),
    lastSeen: r.lastSeenAt.toISOString(),
    timeline: (timelines.get(r.viewerId) ?? []).map((v) => ({ ...v, startedAt: v.startedAt.toISOString() })),
    agreementAcceptedAt: accepted.get(r.viewerId)?.toISOString() ?? null,
  }));
}

/** The Viewers card: one page of readers with their visits, `empty` when there are none. */
export function ReadersCard({
  readers,
  documentCode,
  period,
  description,
  actions,
  empty,
  pageHref,
}: {
  readers: Readers;
  documentCode: string;
  period: PeriodKey;
  description: string;
  actions?: ReactNode;
  empty: ReactNode;
  pageHref: ComponentProps<typeof Pager>["href"];
}) {
  return (
    <Card title="Viewers" description={description} className="mb-6" actions={actions}>
      {readers.readers.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">{empty}</p>
      ) : (
        <ReadersTable readers={readerRows(readers)} documentCode={documentCode} period={period} />
      )}
      <Pager label="Viewer pages" page={readers.pagination.page} totalPages={readers.pagination.total_pages} href={pageHref} />
    </Card>
  );
}
