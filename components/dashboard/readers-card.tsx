import type { readersWithVisits } from "@/lib/analytics/readers-with-visits";
import type { PeriodKey } from "@/lib/dashboard/period";
import { engagementType } from "./engagement-type";
import { EmptyList, type ListCardProps, PagedCard } from "./paged-card";
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
  empty,
  ...card
}: ListCardProps & { readers: Readers; documentCode: string; period: PeriodKey }) {
  return (
    <PagedCard title="Viewers" pagerLabel="Viewer pages" pagination={readers.pagination} {...card}>
      {readers.readers.length === 0 ? (
        <EmptyList>{empty}</EmptyList>
      ) : (
        <ReadersTable readers={readerRows(readers)} documentCode={documentCode} period={period} />
      )}
    </PagedCard>
  );
}
