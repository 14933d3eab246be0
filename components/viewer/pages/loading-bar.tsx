/** Bytes of the file pdf.js has, of its size (react-pdf's onLoadProgress). */
export type LoadProgress = { loaded: number; total: number };

/**
 * A thin progress bar: how much of the file has arrived when its size is known, else a segment
 * that pulses (still under reduced motion: the bar simply stands).
 */
export function LoadingBar({ progress, label }: { progress: LoadProgress | null; label: string }) {
  const percent = progress && progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : null;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
      data-testid="loading-bar"
      className="h-1 w-full overflow-hidden bg-slate-100"
    >
      {percent === null ? (
        <div className="h-full w-1/3 bg-brand-500/70 motion-safe:animate-pulse" />
      ) : (
        <div className="h-full bg-brand-500 motion-safe:transition-[width] motion-safe:duration-200" style={{ width: `${percent}%` }} />
      )}
    </div>
  );
}
