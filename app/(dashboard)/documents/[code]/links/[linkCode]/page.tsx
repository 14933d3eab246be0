import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ActivityCharts, ActivityFigures } from "@/components/dashboard/activity-overview";
import { DownloadsTable } from "@/components/dashboard/downloads-table";
import { LeadsTable } from "@/components/dashboard/leads-table";
import { linkName } from "@/components/dashboard/link-navigation";
import { LinkStatus } from "@/components/dashboard/links-section";
import { PageHeader } from "@/components/dashboard/page-header";
import { Pager } from "@/components/dashboard/pager";
import { PeriodPicker } from "@/components/dashboard/period-picker";
import { readerRows } from "@/components/dashboard/reader-rows";
import { ReadersTable } from "@/components/dashboard/readers-table";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { documentDownloads } from "@/lib/analytics/document-downloads";
import { documentLeads } from "@/lib/analytics/document-leads";
import { documentReaders } from "@/lib/analytics/document-readers";
import { documentStats } from "@/lib/analytics/document-stats";
import { agreementAcceptedAt } from "@/lib/analytics/document-viewers";
import { pageFunnel } from "@/lib/analytics/page-funnel";
import { viewerTimelines } from "@/lib/analytics/viewer-timeline";
import { viewsOverTime } from "@/lib/analytics/views-over-time";
import { requireUser } from "@/lib/auth/auth";
import { periodFromKey, periodName as periodNameOf } from "@/lib/dashboard/period";
import { findOwnedDocument } from "@/lib/documents/find-document";
import { ApiError } from "@/lib/errors";
import { documentLink } from "@/lib/links/document-links";

export const metadata: Metadata = { title: "Link" };

const PER_PAGE = 20;

/** Another account's document or link, or none, is the dashboard's 404 page; any other failure stays what it is. */
function missingIsNotFound(error: unknown): never {
  if (error instanceof ApiError && error.code === "not_found") notFound();
  throw error;
}

/** One share code of a document: its readers, funnel, visits, leads and downloads in the chosen period. */
export default async function LinkPage({
  params,
  searchParams,
}: {
  params: Promise<{ code: string; linkCode: string }>;
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const user = await requireUser();
  const { code, linkCode } = await params;
  const search = await searchParams;
  const doc = await findOwnedDocument(user.id, code).catch(missingIsNotFound);
  const link = await documentLink(doc, linkCode).catch(missingIsNotFound);
  const { key, period } = periodFromKey(search.period, "all");
  const pageOf = (value: string | undefined) => Math.max(1, Number(value) || 1);
  const [viewerPage, leadPage, downloadPage] = [pageOf(search.vpage), pageOf(search.lpage), pageOf(search.dpage)];
  const [stats, funnel, readers, leads, downloads, perDay] = await Promise.all([
    documentStats(doc, period, link.filter),
    pageFunnel(doc.id, doc.pageCount, period, link.filter),
    documentReaders(doc, period, viewerPage, PER_PAGE, link.filter),
    documentLeads(doc, { page: leadPage, per_page: PER_PAGE, ...period }, link.filter),
    documentDownloads(doc, period, downloadPage, PER_PAGE, link.filter),
    viewsOverTime(user.id, period, { documentId: doc.id, link: link.filter }),
  ]);
  const viewerIds = readers.readers.map((r) => r.viewerId);
  const [timelines, accepted] = await Promise.all([
    viewerTimelines(doc.id, viewerIds, period, link.filter),
    agreementAcceptedAt(doc.id, viewerIds),
  ]);
  const periodName = periodNameOf(key);
  const allTime = key === "all";
  const basePath = `/documents/${doc.code}/links/${link.code}`;
  const pageLink = (changes: Record<string, string>) => ({ pathname: basePath, query: { ...search, ...changes } });
  const name = linkName(link);

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href={`/documents/${doc.code}${allTime ? "" : `?period=${key}`}`} className="text-slate-500 hover:text-slate-800">
          ← {doc.title}
        </Link>
      </nav>
      <PageHeader
        title={name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <LinkStatus link={link} />
            <span>
              {link.name === null ? "The document's own link" : "A link"} to {doc.title}
            </span>
          </span>
        }
        actions={!link.deleted && <CopyButton value={link.url} label="Copy link" size="md" />}
      />

      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="font-mono text-sm text-slate-600" data-testid="share-url">
          {link.url}
        </p>
        <PeriodPicker current={key} basePath={basePath} />
      </div>
      <p className="mb-2 text-sm font-medium text-slate-700" data-testid="period-summary">
        {periodName}: every figure, chart and table below covers{" "}
        {allTime ? "all activity through this link" : "visits, downloads and leads through this link from this period"}.
      </p>

      {allTime && stats.views === 0 && (
        <p role="status" className="mb-4 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700" data-testid="link-empty">
          Nobody has opened this link yet.{" "}
          {link.deleted ? "It was deleted before anyone read through it." : "Send it to its recipient: their reading shows up here."}
        </p>
      )}

      <ActivityFigures stats={stats} leads={leads.pagination.total} />
      <ActivityCharts stats={stats} funnel={funnel} perDay={perDay} periodName={periodName} openPeriod={allTime} />

      <Card
        title="Viewers"
        description={`Readers with a visit through this link${allTime ? "" : ` in the ${periodName.toLowerCase()}`}, most engaged first; figures count those visits. Open a row for its visits.`}
        className="mb-6"
      >
        {readers.readers.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">
            {allTime ? "Nobody has opened this link yet." : "Nobody opened this link in this period."}
          </p>
        ) : (
          <ReadersTable readers={readerRows(readers.readers, timelines, accepted)} documentCode={doc.code} period={key} />
        )}
        <Pager
          label="Viewer pages"
          page={viewerPage}
          totalPages={readers.pagination.total_pages}
          href={(page) => pageLink({ vpage: String(page) })}
        />
      </Card>

      <Card title="Leads" description="Emails captured by the gate of this link, newest first" className="mb-6">
        <LeadsTable
          leads={leads.leads}
          empty={
            link.collectsLeads
              ? allTime
                ? "No leads through this link yet."
                : "No leads through this link in this period."
              : "This link has no email gate, so it collects no leads."
          }
        />
        <Pager
          label="Lead pages"
          page={leadPage}
          totalPages={leads.pagination.total_pages}
          href={(page) => pageLink({ lpage: String(page) })}
        />
      </Card>

      <Card title="Downloads" description="Copies of the file downloaded through this link, newest first" className="mb-6">
        <DownloadsTable
          downloads={downloads.downloads}
          empty={
            allTime
              ? link.allowsDownload
                ? "Nobody has downloaded the file through this link yet."
                : "Downloads are off for this link."
              : "No downloads through this link in this period."
          }
        />
        <Pager
          label="Download pages"
          page={downloadPage}
          totalPages={downloads.pagination.total_pages}
          href={(page) => pageLink({ dpage: String(page) })}
        />
      </Card>
    </>
  );
}
