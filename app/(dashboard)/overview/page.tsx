import type { Metadata } from "next";
import Link from "next/link";
import { EngagementChart } from "@/components/dashboard/engagement-chart";
import { HotLeads } from "@/components/dashboard/hot-leads";
import { ReadingNow } from "@/components/dashboard/reading-now";
import { RecentActivity } from "@/components/dashboard/recent-activity";
import { PageHeader } from "@/components/dashboard/page-header";
import { PeriodPicker } from "@/components/dashboard/period-picker";
import { Stat, formatPercent } from "@/components/dashboard/stat";
import { ViewsOverTimeChart } from "@/components/dashboard/views-over-time-chart";
import { ButtonLink } from "@/components/ui/button-link";
import { Card } from "@/components/ui/card";
import { LEVELS } from "@/lib/rules/engagement";
import { hotLeads } from "@/lib/analytics/hot-leads";
import { portfolioOverview } from "@/lib/analytics/portfolio-overview";
import { readingNow } from "@/lib/analytics/reading-now";
import { recentActivity } from "@/lib/analytics/recent-activity";
import { viewsOverTime } from "@/lib/analytics/views-over-time";
import { requireTeamPage } from "@/lib/http/require-team";
import { periodFromKey, periodName } from "@/lib/dashboard/period";
import { plural } from "@/lib/plural";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage({ searchParams }: { searchParams: Promise<{ period?: string }> }) {
  const team = await requireTeamPage("analytics.read");
  const { key, period } = periodFromKey((await searchParams).period, "30d");
  // All time has no period before it: hot leads then compare the last 30 days with the 30 before.
  const hotSince = period.since ?? periodFromKey("30d").period.since!;
  const [overview, perDay, readers, hot, activity] = await Promise.all([
    portfolioOverview(team.teamId, period, {}),
    viewsOverTime(team.teamId, period, { daysWhenOpen: 90 }),
    readingNow(team.teamId),
    hotLeads(team.teamId, hotSince),
    recentActivity(team.teamId),
  ]);
  const breakdown = [...LEVELS].reverse().map((l) => ({ key: l.key, label: l.label, count: overview.engagement_breakdown[l.key] }));

  return (
    <>
      <PageHeader
        title="Overview"
        description="How your documents are being read."
        actions={<PeriodPicker current={key} basePath="/overview" />}
      />
      {overview.totals.documents === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
          <h2 className="text-lg font-semibold text-slate-900">Nothing to show yet</h2>
          <p className="mt-1 text-sm text-slate-600">Upload a document and share its link; views, readers and leads appear here.</p>
          <ButtonLink href="/documents?upload=1" className="mt-4">
            Upload a PDF
          </ButtonLink>
        </div>
      ) : (
        <>
          <dl className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-5">
            <Stat label="Documents" value={overview.totals.documents} />
            <Stat label="Views" value={overview.totals.total_views} />
            <Stat label="Unique viewers" value={overview.totals.unique_viewers} />
            <Stat label="Leads" value={overview.totals.leads_captured} />
            <Stat label="Avg. completion" value={formatPercent(overview.totals.avg_completion)} />
          </dl>
          {/* Grid items shrink below a long email's width (min-width: 0), so a phone's column stays its own width. */}
          <div className="mb-6 grid grid-cols-1 gap-6 *:min-w-0 lg:grid-cols-3">
            <Card title="Reading now" description="Active in the last 2 minutes, updated every few seconds">
              <ReadingNow initial={readers} />
            </Card>
            <Card
              title="Hot leads"
              description={`Engagement that rose in the ${(key === "all" ? periodName("30d") : periodName(key)).toLowerCase()}, against the period before`}
            >
              <HotLeads leads={hot} />
            </Card>
            <Card title="Recent activity" description="Latest visits, downloads and emails given">
              <RecentActivity items={activity} />
            </Card>
          </div>
          <div className="mb-6 grid gap-6 lg:grid-cols-3">
            <Card title="Views over time" description={key === "all" ? "Last 90 days" : undefined} className="lg:col-span-2">
              <ViewsOverTimeChart data={perDay} />
            </Card>
            <Card title="Engagement" description="Documents by their most engaged reader">
              <EngagementChart data={breakdown} />
            </Card>
          </div>
          <Card title="Top documents" description="By views in this period">
            {overview.top_documents.length === 0 ? (
              <p className="py-6 text-center text-sm text-slate-500">No views in this period.</p>
            ) : (
              <ol className="divide-y divide-slate-100">
                {overview.top_documents.map((d, i) => (
                  <li key={d.short_code} className="flex items-center gap-4 py-2.5">
                    <span className="w-5 text-right text-sm text-slate-400 tabular-nums">{i + 1}</span>
                    <Link
                      href={`/documents/${d.short_code.slice(2)}`}
                      className="min-w-0 flex-1 truncate font-medium text-slate-900 hover:text-brand-700"
                    >
                      {d.title}
                    </Link>
                    <span className="text-sm text-slate-600 tabular-nums">{plural(d.views, "view")}</span>
                    <span className="hidden w-28 text-sm text-slate-600 tabular-nums sm:block">
                      {formatPercent(d.completion)} completion
                    </span>
                    <span className="w-16 text-right text-sm text-slate-600 tabular-nums">{plural(d.leads, "lead")}</span>
                  </li>
                ))}
              </ol>
            )}
          </Card>
        </>
      )}
    </>
  );
}
