import { formatSeconds } from "./stat";

/** The seconds a visit spent on each page it read, as bars scaled to its longest page. */
export function VisitPageTimes({ visit, pages }: { visit: number; pages: Array<{ page: number; seconds: number }> }) {
  const longest = Math.max(1, ...pages.map((p) => p.seconds));
  // Every label as wide as the visit's longest ("Page 120"), so bars start level and never cover a label.
  const labelWidth = `${String(Math.max(1, ...pages.map((p) => p.page))).length + 5}ch`;
  return (
    <ul className="mt-2 grid gap-x-8 gap-y-1 sm:grid-cols-2" aria-label={`Time per page in visit ${visit}`}>
      {pages.map((p) => (
        <li key={p.page} className="flex items-center gap-2 text-xs text-slate-600">
          <span className="shrink-0 whitespace-nowrap tabular-nums" style={{ minWidth: labelWidth }} data-testid="page-label">
            Page {p.page}
          </span>
          <span aria-hidden className="h-2 min-w-8 flex-1 overflow-hidden rounded-full bg-slate-100" data-testid="page-bar">
            <span className="block h-full rounded-full bg-brand-600" style={{ width: `${Math.max(4, (p.seconds / longest) * 100)}%` }} />
          </span>
          <span className="min-w-14 shrink-0 text-right whitespace-nowrap tabular-nums">{formatSeconds(p.seconds)}</span>
        </li>
      ))}
    </ul>
  );
}
