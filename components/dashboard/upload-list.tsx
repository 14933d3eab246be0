import Link from "next/link";
import { memo } from "react";
import type { UploadRow } from "./use-bulk-upload";

const STATUS: Record<UploadRow["status"], string> = {
  queued: "Waiting",
  uploading: "Uploading",
  checking: "Checking the PDF…",
  placing: "Adding to the room…",
  done: "Added",
  failed: "Failed",
  skipped: "Left out",
};

/** The drop's files with where each stands, and how far the whole drop has come. */
export function UploadList({ rows }: { rows: UploadRow[] }) {
  const sent = rows.filter((row) => row.status !== "skipped");
  const added = sent.filter((row) => row.status === "done").length;
  const failed = sent.filter((row) => row.status === "failed").length;
  const share = sent.length ? (added + failed) / sent.length : 1;
  return (
    <div className="flex flex-col gap-2">
      <p role="status" className="text-sm text-slate-700">
        {added} of {sent.length} added{failed ? ` · ${failed} failed` : ""}
      </p>
      <div
        role="progressbar"
        aria-label="Files uploaded"
        aria-valuemin={0}
        aria-valuemax={sent.length}
        aria-valuenow={added + failed}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${share * 100}%` }} />
      </div>
      <ul aria-label="Uploads" className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200 text-sm">
        {rows.map((row) => (
          <UploadItem key={row.id} row={row} />
        ))}
      </ul>
    </div>
  );
}

const UploadItem = memo(function UploadItem({ row }: { row: UploadRow }) {
  return (
    <li aria-label={row.name} data-status={row.status} className="flex flex-col gap-0.5 px-3 py-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <span className="min-w-0 truncate text-slate-900">
          {row.path.length > 0 && <span className="text-slate-500">{row.path.join(" / ")} / </span>}
          {row.status === "done" && row.shortCode ? (
            <Link href={`/documents/${row.shortCode.slice(2)}`} className="text-brand-ink underline-offset-2 hover:underline">
              {row.name}
            </Link>
          ) : (
            row.name
          )}
        </span>
        <span className={`shrink-0 tabular-nums ${row.status === "failed" ? "text-red-700" : "text-slate-600"}`}>
          {row.status === "uploading" ? `${row.percent}%` : STATUS[row.status]}
        </span>
      </div>
      {row.message && <span className={row.status === "failed" ? "text-red-700" : "text-slate-500"}>{row.message}</span>}
    </li>
  );
});
