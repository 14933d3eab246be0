"use client";

import { useState } from "react";
import { type Column, DataTable } from "@/components/ui/data-table";
import { EngagementBadge } from "@/components/ui/engagement-badge";
import { formatPercent, formatSeconds } from "./stat";
import type { Reader } from "@/lib/analytics/document-readers";
import type { TimelineVisit } from "@/lib/analytics/viewer-timeline";
import { LocalTime } from "@/components/ui/local-time";

/** A visit as lib/analytics/viewer-timeline.ts reads it, its time serialised for the client. */
export type ReaderVisit = Omit<TimelineVisit, "startedAt"> & { startedAt: string };

/** A reader as lib/analytics/document-readers.ts reads it, with its level's style and visits. */
export type ReaderRow = Omit<Reader, "email" | "lastSeenAt" | "firstSeenAt" | "pagesViewed"> & {
  engagementType: string;
  lastSeen: string;
  timeline: ReaderVisit[];
  /** When the reader last accepted the document's agreement (all time), or null. */
  agreementAcceptedAt: string | null;
};

const DEVICE_NAMES: Record<string, string> = { desktop: "Desktop", phone: "Phone", tablet: "Tablet" };

function deviceSummary(v: ReaderVisit) {
  if (!v.deviceType) return "Device unknown";
  const device = DEVICE_NAMES[v.deviceType] ?? v.deviceType;
  return `${device} · ${v.browser ?? "Other"}${v.os ? ` on ${v.os}` : ""}`;
}

function Timeline({ visits }: { visits: ReaderVisit[] }) {
  if (visits.length === 0) return <p className="text-sm text-slate-500">No visits in this period.</p>;
  return (
    <ol className="space-y-3">
      {visits.map((v) => {
        const longest = Math.max(1, ...v.pages.map((p) => p.seconds));
        // Every label as wide as the visit's longest ("Page 120"), so bars start level and never cover a label.
        const labelWidth = `${String(Math.max(1, ...v.pages.map((p) => p.page))).length + 5}ch`;
        return (
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
              <span className="text-slate-600">
                {v.downloads ? `Downloaded${v.downloads > 1 ? ` ${v.downloads}×` : ""}` : "No download"}
              </span>
            </div>
            {v.pages.length > 0 && (
              <ul className="mt-2 grid gap-1 sm:grid-cols-2" aria-label={`Time per page in visit ${v.number}`}>
                {v.pages.map((p) => (
                  <li key={p.page} className="flex items-center gap-2 text-xs text-slate-600">
                    <span className="shrink-0 whitespace-nowrap tabular-nums" style={{ minWidth: labelWidth }} data-testid="page-label">
                      Page {p.page}
                    </span>
                    <span aria-hidden className="h-2 min-w-8 flex-1 overflow-hidden rounded-full bg-slate-100" data-testid="page-bar">
                      <span
                        className="block h-full rounded-full bg-brand-600"
                        style={{ width: `${Math.max(4, (p.seconds / longest) * 100)}%` }}
                      />
                    </span>
                    <span className="min-w-14 shrink-0 text-right whitespace-nowrap tabular-nums">{formatSeconds(p.seconds)}</span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}

const READER_COLUMNS: Array<Column<ReaderRow>> = [
  { key: "visits", header: "Visits", align: "end", hideBelow: "sm", cellClassName: "tabular-nums", cell: (r) => r.visits },
  { key: "completion", header: "Completion", align: "end", cellClassName: "tabular-nums", cell: (r) => formatPercent(r.completion) },
  { key: "time", header: "Time", align: "end", cellClassName: "tabular-nums", cell: (r) => formatSeconds(r.totalTimeSeconds) },
  { key: "downloaded", header: "Downloaded", hideBelow: "sm", cell: (r) => (r.downloaded ? "Yes" : "No") },
  {
    key: "engagement",
    header: "Engagement",
    hideBelow: "md",
    cell: (r) => <EngagementBadge label={r.engagementLabel} type={r.engagementType} />,
  },
  {
    key: "last-seen",
    header: "Last seen",
    hideBelow: "lg",
    cellClassName: "whitespace-nowrap text-slate-600",
    cell: (r) => <LocalTime value={r.lastSeen} />,
  },
];

const panelId = (r: ReaderRow) => `timeline-${r.viewerId}`;

/**
 * Readers, most engaged first; a row opens (click, Enter or Space on its name) that reader's visits.
 * The shared table draws the rows; which row is open is this table's state, so the first column
 * (the disclosure button) is built here where that state lives.
 */
export function ReadersTable({ readers }: { readers: ReaderRow[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const toggle = (id: string) => setOpenId((current) => (current === id ? null : id));
  const viewerColumn: Column<ReaderRow> = {
    key: "viewer",
    header: "Viewer",
    cell: (r) => {
      const open = openId === r.viewerId;
      return (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId(r)}
          onClick={(e) => {
            e.stopPropagation();
            toggle(r.viewerId);
          }}
          className="flex items-start gap-1.5 text-left"
        >
          <span aria-hidden className={`mt-0.5 text-xs text-slate-400 transition-transform ${open ? "rotate-90" : ""}`}>
            ▶
          </span>
          <span>
            <span className="block font-medium text-slate-900">{r.label}</span>
            {r.companyDomain && <span className="text-xs text-slate-500">{r.companyDomain}</span>}
          </span>
        </button>
      );
    },
  };
  return (
    <DataTable
      data-testid="viewers-table"
      caption="Viewers"
      columns={[viewerColumn, ...READER_COLUMNS]}
      rows={readers}
      rowKey={(r) => r.viewerId}
      rowProps={(r) => ({
        className: `cursor-pointer hover:bg-slate-50 ${openId === r.viewerId ? "bg-slate-50" : ""}`,
        onClick: () => toggle(r.viewerId),
        "data-testid": "reader-row",
      })}
      expandedRow={(r) =>
        openId === r.viewerId
          ? {
              id: panelId(r),
              content: (
                <section aria-label={`Visits of ${r.label}`} data-testid="reader-timeline">
                  {r.agreementAcceptedAt && (
                    <p className="mb-3 text-sm text-slate-700" data-testid="reader-agreement">
                      Accepted the agreement on <LocalTime value={r.agreementAcceptedAt} />
                    </p>
                  )}
                  <Timeline visits={r.timeline} />
                </section>
              ),
            }
          : null
      }
    />
  );
}
