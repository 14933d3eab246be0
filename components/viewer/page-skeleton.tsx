/** What a reader sees while the PDF loads: a page of the size the first page will take, gently pulsing. */
export function PageSkeleton({ aspect, label = "Loading document…" }: { aspect: number; label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      style={{ aspectRatio: `1 / ${aspect}` }}
      className="w-[min(calc(100vw-48px),900px)] animate-pulse bg-white shadow-md"
    >
      <div className="m-10 h-6 w-2/3 rounded bg-slate-200" />
      <div className="mx-10 mt-6 h-4 w-5/6 rounded bg-slate-100" />
      <div className="mx-10 mt-3 h-4 w-4/6 rounded bg-slate-100" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
