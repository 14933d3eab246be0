import { type PeriodKey, periodName } from "@/lib/dashboard/period";
import { PeriodPicker } from "./period-picker";

/**
 * The share URL and the period picker, then what the period covers: `covers.all` for all time,
 * `covers.period` for a chosen period. `params`: the rest of the page's query a period keeps.
 */
export function PeriodBar({
  url,
  period,
  basePath,
  params,
  covers,
}: {
  url: string;
  period: PeriodKey;
  basePath: string;
  params?: Record<string, string>;
  covers: { all: string; period: string };
}) {
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="font-mono text-sm text-slate-600" data-testid="share-url">
          {url}
        </p>
        <PeriodPicker current={period} basePath={basePath} params={params} />
      </div>
      <p className="mb-2 text-sm font-medium text-slate-700" data-testid="period-summary">
        {periodName(period)}: every figure, chart and table below covers {period === "all" ? covers.all : covers.period}.
      </p>
    </>
  );
}
