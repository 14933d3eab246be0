import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ReadingFunnelChart, ViewsOverTimeChart } from "@/components/dashboard/charts";
import { DeleteDocumentButton } from "@/components/dashboard/delete-document-button";
import { DocumentSettingsForm } from "@/components/dashboard/document-settings-form";
import { LinksSection } from "@/components/dashboard/links-section";
import { PageHeader } from "@/components/dashboard/page-header";
import { Pager } from "@/components/dashboard/pager";
import { PeriodPicker } from "@/components/dashboard/period-picker";
import { ReadersTable } from "@/components/dashboard/readers-table";
import { Stat, formatPercent, formatSeconds } from "@/components/dashboard/stat";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { type Column, DataTable } from "@/components/ui/data-table";
import { CopyButton } from "@/components/ui/copy-button";
import { EngagementBadge } from "@/components/ui/engagement-badge";
import { documentLeads } from "@/lib/analytics/document-leads";
import { documentReaders } from "@/lib/analytics/document-readers";
import { documentStats } from "@/lib/analytics/document-stats";
import { LEVELS } from "@/lib/rules/engagement";
import { pageFunnel } from "@/lib/analytics/page-funnel";
import { viewerTimelines } from "@/lib/analytics/viewer-timeline";
import { agreementAcceptedAt } from "@/lib/analytics/document-viewers";
import { viewsOverTime } from "@/lib/analytics/views-over-time";
import { requireUser } from "@/lib/auth/auth";
import { PERIODS, periodFromKey } from "@/lib/dashboard/period";
import { findOwnedDocument } from "@/lib/documents/find-document";
import { documentLinkRows } from "@/lib/links/document-links";
import { serializeSettings } from "@/lib/documents/serialize";
import { shareUrl } from "@/lib/documents/short-code";
import { LocalTime } from "@/components/ui/local-time";
import { plural } from "@/lib/plural";

export const metadata: Metadata = { title: "Document" };

const PER_PAGE = 20;
const typeOfLabel = (label: string) => LEVELS.find((l) => l.label === label)?.type ?? "none";

type Lead = Awaited<ReturnType<typeof documentLeads>>["leads"][number];

const LEAD_COLUMNS: Array<Column<Lead>> = [
  { key: "email", header: "Email", cellClassName: "font-medium text-slate-900", cell: (l) => l.email },
  { key: "name", header: "Name", cell: (l) => l.name || "—" },
  { key: "company", header: "Company", cell: (l) => l.company_domain },
  {
    key: "engagement",
    header: "Engagement (all time)",
    cell: (l) => <EngagementBadge label={l.engagement_label} type={typeOfLabel(l.engagement_label)} />,
  },
  {
    key: "captured",
    header: "Captured",
    cellClassName: "whitespace-nowrap text-slate-600",
    cell: (l) => <LocalTime value={l.captured_at} />,
  },
];

export default async function DocumentPage({
  params,
  searchParams,
}: {
  params: Promise<{ code: string }>;
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const user = await requireUser();
  const { code } = await params;
  const search = await searchParams;
  const doc = await findOwnedDocument(user.id, code).catch(() => notFound());
  const { key, period } = periodFromKey(search.period, "all");
  const viewerPage = Math.max(1, Number(search.vpage) || 1);
  const leadPage = Math.max(1, Number(search.lpage) || 1);
  const [stats, funnel, readers, leads, perDay, linkRows] = await Promise.all([
    documentStats(doc, period),
    pageFunnel(doc.id, doc.pageCount, period),
    documentReaders(doc, period, viewerPage, PER_PAGE),
    documentLeads(doc, { page: leadPage, per_page: PER_PAGE, ...period }),
    viewsOverTime(user.id, period, { documentId: doc.id }),
    documentLinkRows(doc),
  ]);
  const [timelines, accepted] = await Promise.all([
    viewerTimelines(
      doc.id,
      readers.readers.map((r) => r.viewerId),
      period,
    ),
    agreementAcceptedAt(
      doc.id,
      readers.readers.map((r) => r.viewerId),
    ),
  ]);
  const periodName = key === "all" ? "All time" : `Last ${PERIODS.find((p) => p.key === key)!.label}`;
  const inPeriod = key === "all" ? "" : ` in the ${periodName.toLowerCase()}`;
  const url = shareUrl(doc.code);
  const settings = serializeSettings(doc);
  const pageLink = (changes: Record<string, string>) => ({ pathname: `/documents/${doc.code}`, query: { ...search, ...changes } });
  // The exports cover what the tables show: the chosen period.
  const csvHref = (what: "viewers" | "leads") => `/api/dashboard/documents/${doc.code}/${what}.csv${key === "all" ? "" : `?period=${key}`}`;
  const csvLabel = `Export CSV (${periodName.toLowerCase()})`;

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/documents" className="text-slate-500 hover:text-slate-800">
          ← Documents
        </Link>
      </nav>
      <PageHeader
        title={doc.title}
        description={
          <>
            {plural(doc.pageCount, "page")} · uploaded <LocalTime value={doc.createdAt} day />
          </>
        }
        actions={
          <>
            <a href={url} target="_blank" rel="noreferrer" className={buttonClass("secondary")}>
              Open link
            </a>
            <CopyButton value={url} label="Copy link" size="md" />
          </>
        }
      />
      {search.uploaded && (
        <p role="status" className="mb-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          Uploaded. Your link is ready to share: <span className="font-mono">{url}</span>
        </p>
      )}

      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="font-mono text-sm text-slate-600" data-testid="share-url">
          {url}
        </p>
        <PeriodPicker current={key} basePath={`/documents/${doc.code}`} />
      </div>
      <p className="mb-2 text-sm font-medium text-slate-700" data-testid="period-summary">
        {periodName}: every figure, chart and table below covers{" "}
        {key === "all" ? "all activity" : "visits, downloads and leads from this period"}.
      </p>

      <dl className="mb-6 grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
        <Stat label="Views" value={stats.views} />
        <Stat label="Unique viewers" value={stats.unique_viewers} />
        <Stat label="Avg. time" value={formatSeconds(stats.avg_time_seconds)} />
        <Stat label="Avg. completion" value={formatPercent(stats.avg_completion)} />
        <Stat label="Downloads" value={stats.downloads} />
        <Stat label="Leads" value={leads.pagination.total} />
      </dl>

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
              data={funnel.map((step, i) => ({
                page: step.page,
                reached: step.visits,
                avg_time_seconds: stats.page_analytics[i]?.avg_time_seconds ?? 0,
              }))}
            />
          )}
        </Card>
        <Card title="Views over time" description={key === "all" ? "Last 6 weeks (all time above)" : periodName}>
          <ViewsOverTimeChart data={perDay} />
        </Card>
      </div>

      <LinksSection documentCode={doc.code} defaultLink={linkRows.defaultLink} links={linkRows.links} />

      <Card
        title="Viewers"
        description={`Readers with a visit${inPeriod}, most engaged first; figures count those visits. Open a row for its visits.`}
        className="mb-6"
        actions={
          <a href={csvHref("viewers")} className={buttonClass("secondary", "sm")}>
            {csvLabel}
          </a>
        }
      >
        {readers.readers.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">
            {key === "all" ? "Nobody has opened this document yet." : "Nobody opened this document in this period."}
          </p>
        ) : (
          <ReadersTable
            readers={readers.readers.map((r) => ({
              viewerId: r.viewerId,
              label: r.label,
              companyDomain: r.companyDomain,
              visits: r.visits,
              completion: r.completion,
              totalTimeSeconds: r.totalTimeSeconds,
              downloaded: r.downloaded,
              engagementLabel: r.engagementLabel,
              engagementType: typeOfLabel(r.engagementLabel),
              lastSeen: r.lastSeenAt.toISOString(),
              timeline: (timelines.get(r.viewerId) ?? []).map((v) => ({ ...v, startedAt: v.startedAt.toISOString() })),
              agreementAcceptedAt: accepted.get(r.viewerId)?.toISOString() ?? null,
            }))}
          />
        )}
        <Pager
          label="Viewer pages"
          page={viewerPage}
          totalPages={readers.pagination.total_pages}
          href={(page) => pageLink({ vpage: String(page) })}
        />
      </Card>

      <Card
        title="Leads"
        description={`Emails captured by the gate${inPeriod}, newest first`}
        className="mb-6"
        actions={
          <a href={csvHref("leads")} className={buttonClass("secondary", "sm")}>
            {csvLabel}
          </a>
        }
      >
        <DataTable
          data-testid="leads-table"
          caption="Leads"
          columns={LEAD_COLUMNS}
          rows={leads.leads}
          rowKey={(l) => l.email}
          empty={
            <p className="py-6 text-center text-sm text-slate-500">
              {doc.emailGate && doc.gateType !== "none"
                ? key === "all"
                  ? "No leads yet."
                  : "No leads in this period."
                : "The email gate is off, so this document collects no leads."}
            </p>
          }
        />
        <Pager
          label="Lead pages"
          page={leadPage}
          totalPages={leads.pagination.total_pages}
          href={(page) => pageLink({ lpage: String(page) })}
        />
      </Card>

      <Card title="Settings" className="mb-6">
        <DocumentSettingsForm
          code={doc.code}
          title={doc.title}
          pageCount={doc.pageCount}
          passwordSet={settings.password}
          values={settings}
        />
      </Card>

      <Card title="Danger zone">
        <DeleteDocumentButton code={doc.code} title={doc.title} />
      </Card>
    </>
  );
}
