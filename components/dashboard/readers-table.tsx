"use client";

import { useState } from "react";
import { type Column, DataTable } from "@/components/ui/data-table";
import { EngagementBadge } from "@/components/ui/engagement-badge";
import { LocalTime } from "@/components/ui/local-time";
import type { Reader } from "@/lib/analytics/document-readers";
import { type ReaderOrigin, ReaderTimeline, type ReaderVisit } from "./reader-timeline";
import { formatPercent, formatSeconds } from "./stat";

/** A reader as lib/analytics/document-readers.ts reads it, with its level's style and visits. */
export type ReaderRow = Omit<Reader, "email" | "lastSeenAt" | "firstSeenAt" | "pagesViewed"> & {
  engagementType: string;
  lastSeen: string;
  timeline: ReaderVisit[];
  /** When the reader last accepted the document's agreement (all time), or null. */
  agreementAcceptedAt: string | null;
};

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
export function ReadersTable({ readers, ...origin }: { readers: ReaderRow[] } & ReaderOrigin) {
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
                // Below md the table is wider than a phone and scrolls sideways: the visits keep to the visible
                // width (the screen less the page's, the card's and the cell's padding) and stay in view as it scrolls.
                <section
                  aria-label={`Visits of ${r.label}`}
                  data-testid="reader-timeline"
                  className="sticky left-5 max-w-[calc(100vw-4.625rem)] md:static md:max-w-none"
                >
                  {r.agreementAcceptedAt && (
                    <p className="mb-3 text-sm text-slate-700" data-testid="reader-agreement">
                      Accepted the agreement on <LocalTime value={r.agreementAcceptedAt} />
                    </p>
                  )}
                  <ReaderTimeline visits={r.timeline} origin={origin} />
                </section>
              ),
            }
          : null
      }
    />
  );
}
