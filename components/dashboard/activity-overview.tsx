import { Card } from "@/components/ui/card";
import type { documentStats } from "@/lib/analytics/document-stats";
import type { ReadingFunnel } from "@/lib/dashboard/reading-funnel";
import type { FunnelThumbnails } from "./funnel-tooltip";
import { FunnelVersionPicker, funnelVersionName } from "./funnel-version-picker";
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

/**
 * The reading funnel of one version and the views per day in `period`, side by side; the funnel's
 * version is chosen at `basePath`, keeping the period.
 */
export function ActivityCharts({
  stats,
  funnel,
  perDay,
  period,
  basePath,
  thumbnails,
}: {
  stats: Stats;
  funnel: ReadingFunnel;
  perDay: Array<{ day: string; views: number }>;
  period: PeriodKey;
  basePath: string;
  /** Pages 1..`pages` of the document's current version have thumbnails (shown when a bar of the funnel is pointed at). */
  thumbnails?: FunnelThumbnails;
}) {
  const version = funnel.version;
  return (
    <div className="mb-6 grid gap-6 lg:grid-cols-2">
      <Card
        title="Reading funnel"
        description="Visits that got to each page (their furthest page viewed), and the average time on each page"
        actions={<FunnelVersionPicker shown={version} versions={funnel.versions} basePath={basePath} period={period} />}
      >
        {stats.views === 0 ? (
          <p className="py-10 text-center text-sm text-slate-500">
            No visits in this period yet. Share the link to see page-by-page reading.
          </p>
        ) : funnel.steps[0]?.reached === 0 ? (
          <p className="py-10 text-center text-sm text-slate-500" data-testid="funnel-version-unread">
            Nobody read version {version.number} in this period.
          </p>
        ) : (
          <ReadingFunnelChart
            name={funnelVersionName(version)}
            // Another version's pages have no thumbnails: the images are of the current file.
            thumbnails={version.current ? thumbnails : undefined}
            data={funnel.steps}
          />
        )}
      </Card>
      <Card title="Views over time" description={period === "all" ? "Last 6 weeks (all time above)" : periodName(period)}>
        <ViewsOverTimeChart data={perDay} />
      </Card>
    </div>
  );
}

/** The figures and the charts of a document's (or one link's, at `basePath`) activity in the period `period`. */
export function ActivityOverview({
  activity: { stats, funnel, perDay, leads },
  period,
  basePath,
  thumbnails,
}: {
  activity: { stats: Stats; funnel: ReadingFunnel; perDay: Array<{ day: string; views: number }>; leads: number };
  period: PeriodKey;
  basePath: string;
  thumbnails: FunnelThumbnails;
}) {
  return (
    <>
      <ActivityFigures stats={stats} leads={leads} />
      <ActivityCharts stats={stats} funnel={funnel} perDay={perDay} period={period} basePath={basePath} thumbnails={thumbnails} />
    </>
  );
}
