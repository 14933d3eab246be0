import type { Reader } from "@/lib/analytics/document-readers";
import type { TimelineVisit } from "@/lib/analytics/viewer-timeline";
import { engagementType } from "./engagement-type";
import type { ReaderRow } from "./readers-table";

/** The readers table's rows: each reader with their visits and agreement, times serialised for the client. */
export function readerRows(readers: Reader[], timelines: Map<string, TimelineVisit[]>, accepted: Map<string, Date>): ReaderRow[] {
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
