import Link from "next/link";
import { PERIODS, type PeriodKey } from "@/lib/dashboard/period";

/** Links, not a client widget: the period is in the URL, shareable and keyboard friendly. */
export function PeriodPicker({
  current,
  basePath,
  params = {},
}: {
  current: PeriodKey;
  basePath: string;
  params?: Record<string, string>;
}) {
  return (
    <nav aria-label="Period" className="inline-flex rounded-md border border-slate-200 bg-white p-0.5 shadow-sm">
      {PERIODS.map((p) => (
        <Link
          key={p.key}
          href={{ pathname: basePath, query: { ...params, period: p.key } }}
          aria-current={p.key === current ? "true" : undefined}
          className={`rounded px-3 py-1 text-sm ${p.key === current ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
        >
          {p.label}
        </Link>
      ))}
    </nav>
  );
}
