/** What a reader sees while the PDF loads: the page's shape, gently pulsing. */
export function PageSkeleton({ label = "Loading document…" }: { label?: string }) {
  return (
    <div className="flex min-h-screen flex-col items-center bg-slate-100 pt-20" role="status" aria-live="polite">
      <div className="aspect-[8.5/11] w-[min(92vw,816px)] animate-pulse rounded-md bg-white shadow">
        <div className="m-10 h-6 w-2/3 rounded bg-slate-200" />
        <div className="mx-10 mt-6 h-4 w-5/6 rounded bg-slate-100" />
        <div className="mx-10 mt-3 h-4 w-4/6 rounded bg-slate-100" />
      </div>
      <span className="sr-only">{label}</span>
    </div>
  );
}
