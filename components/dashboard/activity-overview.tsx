import { Card } from "@/components/ui/card";
import type { documentStats } from "@/lib/analytics/document-stats";
import type { FunnelStep } from "@/lib/analytics/page-funnel";
import type { FunnelThumbnails } from "./funnel-tooltip";
import { ReadingFunnelChart } from "./reading-funnel-chart";
import { ViewsOverTimeChart } from "./views-over-time-chart";
import { Stat, formatPercent, formatSeconds } from "./stat";
import { type PeriodKey, periodName } from "@/lib/dashboard/period";

type Stats = Awaited<ReturnType<typeof documentStats>>;

/** The headline figures of a document's (or one link's) activity in the chosen period. */
export function ActivityFigures({ stats, leads }: { stats: Stats; leads: number }) {
  return (
    <dl className="mb-6 grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
      <Stat label="Views" value={stats.views} />
      <Stat label="Unique viewers" value={stats.unique_viewers} />
      <Stat label="Avg. time" value={formatSeconds(stats.avg_time_seconds)} />
      <Stat label="Avg. completion" value={formatPercent(stats.avg_completion)} />
      <Stat label="Downloads" value={stats.downloads} />
      <Stat label="Leads" value={leads} />
    </dl>
  );
}

/** The reading funnel and the views per day, side by side; `openPeriod`: the period is all time. */
export function ActivityCharts({
  stats,
  funnel,
  perDay,
  periodName,
  openPeriod,
  thumbnails,
}: {
  stats: Stats;
  funnel: FunnelStep[];
  perDay: Array<{ day: string; views: number }>;
  periodName: string;
  openPeriod: boolean;
  /** Pages 1..`pages` of the document have thumbnails (shown when a bar of the funnel is pointed at). */
  thumbnails?: FunnelThumbnails;
}) {
  return (
    <div className="mb-6 grid gap-6 lg:grid-cols-2">
      <Card
        title="Reading funnel"
        description="Visits that got to each page (their furthest page viewed), and the average time on each page"
      >
        {stats.views === 0 ? (
          <p className="py-10 text-center text-sm text-slate-500">
            No visits in this period yet. Share the link to see page-by-page reading.
          </p>
        ) : (
          <ReadingFunnelChart
            thumbnails={thumbnails}
            data={funnel.map((step, i) => ({
              page: step.page,
              reached: step.visits,
              avg_time_seconds: stats.page_analytics[i]?.avg_time_seconds ?? 0,
            }))}
          />
        )}
      </Card>
      <Card title="Views over time" description={openPeriod ? "Last 6 weeks (all time above)" : periodName}>
        <ViewsOverTimeChart data={perDay} />
      </Card>
    </div>
  );
}

/** The figures and the charts of a document's (or one link's) activity in the period `period`. */
export function ActivityOverview({
  activity: { stats, funnel, perDay, leads },
  period,
  thumbnails,
}: {
  activity: { stats: Stats; funnel: FunnelStep[]; perDay: Array<{ day: string; views: number }>; leads: number };
  period: PeriodKey;
  thumbnails: FunnelThumbnails;
}) {
  return (
    <>
      <ActivityFigures stats={stats} leads={leads} />
      <ActivityCharts
        stats={stats}
        funnel={funnel}
        perDay={perDay}
        periodName={periodName(period)}
        openPeriod={period === "all"}
        thumbnails={thumbnails}
      />
    </>
  );
}
