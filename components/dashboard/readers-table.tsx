"use client";

import { Fragment, useState } from "react";
import { EngagementBadge } from "@/components/ui/engagement-badge";
import { formatPercent, formatSeconds } from "./stat";
import type { Reader } from "@/lib/analytics/document-readers";
import type { TimelineVisit } from "@/lib/analytics/viewer-timeline";
import { utcMinute } from "@/lib/format-time";

/** A visit as lib/analytics/viewer-timeline.ts reads it, its time serialised for the client. */
export type ReaderVisit = Omit<TimelineVisit, "startedAt"> & { startedAt: string };

/** A reader as lib/analytics/document-readers.ts reads it, with its level's style and visits. */
export type ReaderRow = Omit<Reader, "email" | "lastSeenAt"> & { engagementType: string; lastSeen: string; timeline: ReaderVisit[] };

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
        return (
          <li key={v.number} className="rounded-lg border border-slate-200 bg-white p-3" data-testid="timeline-visit">
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
              <span className="font-medium text-slate-900">Visit {v.number}</span>
              <time dateTime={v.startedAt} className="text-slate-600">{utcMinute(v.startedAt)} UTC</time>
              <span className="text-slate-600">{formatSeconds(v.durationSeconds)} long, {formatSeconds(v.readingSeconds)} reading</span>
              <span className="text-slate-600" data-testid="visit-device">{deviceSummary(v)}</span>
              <span className="text-slate-600">{v.downloads ? `Downloaded${v.downloads > 1 ? ` ${v.downloads}×` : ""}` : "No download"}</span>
            </div>
            {v.pages.length > 0 && (
              <ul className="mt-2 grid gap-1 sm:grid-cols-2" aria-label={`Time per page in visit ${v.number}`}>
                {v.pages.map((p) => (
                  <li key={p.page} className="flex items-center gap-2 text-xs text-slate-600">
                    <span className="w-12 shrink-0 tabular-nums">Page {p.page}</span>
                    <span aria-hidden className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100">
                      <span className="block h-full rounded-full bg-brand-600" style={{ width: `${Math.max(4, (p.seconds / longest) * 100)}%` }} />
                    </span>
                    <span className="w-14 shrink-0 text-right tabular-nums">{formatSeconds(p.seconds)}</span>
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

/** Readers, most engaged first; a row opens (click, Enter or Space on its name) that reader's visits. */
export function ReadersTable({ readers }: { readers: ReaderRow[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const toggle = (id: string) => setOpenId((current) => (current === id ? null : id));
  return (
    <table className="min-w-full text-sm" data-testid="viewers-table">
      <thead className="text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
        <tr>
          <th scope="col" className="px-5 py-2">Viewer</th>
          <th scope="col" className="hidden px-3 py-2 text-right sm:table-cell">Visits</th>
          <th scope="col" className="px-3 py-2 text-right">Completion</th>
          <th scope="col" className="px-3 py-2 text-right">Time</th>
          <th scope="col" className="hidden px-3 py-2 sm:table-cell">Downloaded</th>
          <th scope="col" className="hidden px-3 py-2 md:table-cell">Engagement</th>
          <th scope="col" className="hidden px-5 py-2 lg:table-cell">Last seen</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {readers.map((r) => {
          const open = openId === r.viewerId;
          const panelId = `timeline-${r.viewerId}`;
          return (
            <Fragment key={r.viewerId}>
              <tr className={`cursor-pointer hover:bg-slate-50 ${open ? "bg-slate-50" : ""}`} onClick={() => toggle(r.viewerId)} data-testid="reader-row">
                <td className="px-5 py-2">
                  <button
                    type="button"
                    aria-expanded={open}
                    aria-controls={panelId}
                    onClick={(e) => {
                      e.stopPropagation();
                      toggle(r.viewerId);
                    }}
                    className="flex items-start gap-1.5 text-left"
                  >
                    <span aria-hidden className={`mt-0.5 text-xs text-slate-400 transition-transform ${open ? "rotate-90" : ""}`}>▶</span>
                    <span>
                      <span className="block font-medium text-slate-900">{r.label}</span>
                      {r.companyDomain && <span className="text-xs text-slate-500">{r.companyDomain}</span>}
                    </span>
                  </button>
                </td>
                <td className="hidden px-3 py-2 text-right tabular-nums sm:table-cell">{r.visits}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatPercent(r.completion)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatSeconds(r.totalTimeSeconds)}</td>
                <td className="hidden px-3 py-2 sm:table-cell">{r.downloaded ? "Yes" : "No"}</td>
                <td className="hidden px-3 py-2 md:table-cell"><EngagementBadge label={r.engagementLabel} type={r.engagementType} /></td>
                <td className="hidden px-5 py-2 whitespace-nowrap text-slate-600 lg:table-cell">{utcMinute(r.lastSeen)}</td>
              </tr>
              {open && (
                <tr id={panelId}>
                  <td colSpan={7} className="bg-slate-50 px-5 pt-1 pb-4">
                    <section aria-label={`Visits of ${r.label}`} data-testid="reader-timeline">
                      <Timeline visits={r.timeline} />
                    </section>
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}
