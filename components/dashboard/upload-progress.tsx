/** How far the upload has gone, then that the server is checking the PDF. */
export function UploadProgress({ percent }: { percent: number | null }) {
  return (
    <div>
      <div className="flex justify-between text-xs text-slate-600">
        <span>{percent === null ? "Checking the PDF…" : "Uploading…"}</span>
        <span>{percent === null ? "" : `${percent}%`}</span>
      </div>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? 100}
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${percent ?? 100}%` }} />
      </div>
    </div>
  );
}
