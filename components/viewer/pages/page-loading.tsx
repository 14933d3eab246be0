/**
 * A page that is on its way: placeholder lines that pulse (standing still under reduced motion),
 * over the box until the page is first drawn. The slot tells screen readers it is busy.
 */
export function PageLoading() {
  return (
    <div aria-hidden data-testid="page-loading" className="absolute inset-0 bg-white">
      <div className="h-1 w-full overflow-hidden bg-slate-100">
        <div className="h-full w-1/4 bg-brand-500/50 motion-safe:animate-pulse" />
      </div>
      <div className="motion-safe:animate-pulse">
        <div className="mx-[8%] mt-[8%] h-5 w-2/3 rounded bg-slate-200" />
        <div className="mx-[8%] mt-6 h-3 w-5/6 rounded bg-slate-100" />
        <div className="mx-[8%] mt-3 h-3 w-4/6 rounded bg-slate-100" />
        <div className="mx-[8%] mt-3 h-3 w-3/4 rounded bg-slate-100" />
      </div>
    </div>
  );
}
