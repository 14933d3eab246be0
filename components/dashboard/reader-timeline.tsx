import Link from "next/link";
import { LocalTime } from "@/components/ui/local-time";
import type { TimelineVisit } from "@/lib/analytics/viewer-timeline";
import type { PeriodKey } from "@/lib/dashboard/period";
import { linkName, linkPageHref } from "./link-navigation";
import { formatSeconds } from "./stat";
import { VisitPageTimes } from "./visit-page-times";

/** A visit as lib/analytics/viewer-timeline.ts reads it, its time serialised for the client. */
export type ReaderVisit = Omit<TimelineVisit, "startedAt"> & { startedAt: string };

/** Where the readers' visits came from: their document, for each visit's link, and the period shown. */
export type ReaderOrigin = { documentCode: string; period: PeriodKey };

const DEVICE_NAMES: Record<string, string> = { desktop: "Desktop", phone: "Phone", tablet: "Tablet" };

function deviceSummary(v: ReaderVisit) {
  if (!v.deviceType) return "Device unknown";
  const device = DEVICE_NAMES[v.deviceType] ?? v.deviceType;
  return `${device} · ${v.browser ?? "Other"}${v.os ? ` on ${v.os}` : ""}`;
}

/** One reader's visits in the period: when, how long, on what, through which link, and the time on each page. */
export function ReaderTimeline({ visits, origin }: { visits: ReaderVisit[]; origin: ReaderOrigin }) {
  if (visits.length === 0) return <p className="text-sm text-slate-500">No visits in this period.</p>;
  return (
    <ol className="space-y-3">
      {visits.map((v) => (
        <li key={v.number} className="rounded-lg border border-slate-200 bg-white p-3" data-testid="timeline-visit">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
            <span className="font-medium text-slate-900">Visit {v.number}</span>
            <LocalTime value={v.startedAt} className="text-slate-600" />
            <span className="text-slate-600">
              {formatSeconds(v.durationSeconds)} long, {formatSeconds(v.readingSeconds)} reading
            </span>
            <span className="text-slate-600" data-testid="visit-device">
              {deviceSummary(v)}
            </span>
            <span className="text-slate-600">{v.downloads ? `Downloaded${v.downloads > 1 ? ` ${v.downloads}×` : ""}` : "No download"}</span>
            <span className="text-slate-600" data-testid="visit-link">
              via{" "}
              <Link href={linkPageHref(origin.documentCode, v.link.code, origin.period)} className="text-brand-700 underline">
                {linkName(v.link)}
              </Link>
            </span>
          </div>
          {v.pages.length > 0 && <VisitPageTimes visit={v.number} pages={v.pages} />}
        </li>
      ))}
    </ol>
  );
}
