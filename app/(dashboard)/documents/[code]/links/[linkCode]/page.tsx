import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ActivityCharts, ActivityFigures } from "@/components/dashboard/activity-overview";
import { DownloadsCard } from "@/components/dashboard/downloads-card";
import { LeadsCard } from "@/components/dashboard/leads-card";
import { linkName } from "@/components/dashboard/link-navigation";
import { LinkStatus } from "@/components/dashboard/links-section";
import { PageHeader } from "@/components/dashboard/page-header";
import { PeriodPicker } from "@/components/dashboard/period-picker";
import { ReadersCard } from "@/components/dashboard/readers-card";
import { CopyButton } from "@/components/ui/copy-button";
import { documentDownloads } from "@/lib/analytics/document-downloads";
import { documentLeads } from "@/lib/analytics/document-leads";
import { documentStats } from "@/lib/analytics/document-stats";
import { pageFunnel } from "@/lib/analytics/page-funnel";
import { readersWithVisits } from "@/lib/analytics/readers-with-visits";
import { viewsOverTime } from "@/lib/analytics/views-over-time";
import { requireUser } from "@/lib/http/require-user";
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
    readersWithVisits(doc, period, viewerPage, PER_PAGE, link.filter),
    documentLeads(doc, { page: leadPage, per_page: PER_PAGE, ...period }, link.filter),
    documentDownloads(doc, period, downloadPage, PER_PAGE, link.filter),
    viewsOverTime(user.id, period, { documentId: doc.id, link: link.filter }),
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
      <ActivityCharts
        stats={stats}
        funnel={funnel}
        perDay={perDay}
        periodName={periodName}
        openPeriod={allTime}
        thumbnails={{ code: doc.code, pages: doc.pageImages }}
      />

      <ReadersCard
        readers={readers}
        documentCode={doc.code}
        period={key}
        description={`Readers with a visit through this link${allTime ? "" : ` in the ${periodName.toLowerCase()}`}, most engaged first; figures count those visits. Open a row for its visits.`}
        empty={allTime ? "Nobody has opened this link yet." : "Nobody opened this link in this period."}
        pageHref={(page) => pageLink({ vpage: String(page) })}
      />

      <LeadsCard
        leads={leads}
        description="Emails captured by the gate of this link, newest first"
        empty={
          link.collectsLeads
            ? allTime
              ? "No leads through this link yet."
              : "No leads through this link in this period."
            : "This link has no email gate, so it collects no leads."
        }
        pageHref={(page) => pageLink({ lpage: String(page) })}
      />

      <DownloadsCard
        downloads={downloads}
        description="Copies of the file downloaded through this link, newest first"
        empty={
          allTime
            ? link.allowsDownload
              ? "Nobody has downloaded the file through this link yet."
              : "Downloads are off for this link."
            : "No downloads through this link in this period."
        }
        pageHref={(page) => pageLink({ dpage: String(page) })}
      />
    </>
  );
}
