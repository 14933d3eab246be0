import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ActivityCharts, ActivityFigures } from "@/components/dashboard/activity-overview";
import { DeleteDocumentButton } from "@/components/dashboard/delete-document-button";
import { DocumentSettingsForm } from "@/components/dashboard/document-settings-form";
import { LeadsCard } from "@/components/dashboard/leads-card";
import { LinksSection } from "@/components/dashboard/links-section";
import { PageHeader } from "@/components/dashboard/page-header";
import { PageThumbnail } from "@/components/dashboard/page-thumbnail";
import { PeriodPicker } from "@/components/dashboard/period-picker";
import { ReadersCard } from "@/components/dashboard/readers-card";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { documentLeads } from "@/lib/analytics/document-leads";
import { documentStats } from "@/lib/analytics/document-stats";
import { pageFunnel } from "@/lib/analytics/page-funnel";
import { readersWithVisits } from "@/lib/analytics/readers-with-visits";
import { viewsOverTime } from "@/lib/analytics/views-over-time";
import { requireUser } from "@/lib/http/require-user";
import { periodFromKey, periodName as periodNameOf } from "@/lib/dashboard/period";
import { findOwnedDocument } from "@/lib/documents/find-document";
import { documentLinkRows } from "@/lib/links/document-links";
import { serializeSettings } from "@/lib/documents/serialize";
import { shareUrl } from "@/lib/documents/short-code";
import { LETTER_ASPECT } from "@/lib/documents/page-shape";
import { LocalTime } from "@/components/ui/local-time";
import { plural } from "@/lib/plural";

export const metadata: Metadata = { title: "Document" };

const PER_PAGE = 20;

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
    readersWithVisits(doc, period, viewerPage, PER_PAGE),
    documentLeads(doc, { page: leadPage, per_page: PER_PAGE, ...period }),
    viewsOverTime(user.id, period, { documentId: doc.id }),
    documentLinkRows(doc),
  ]);
  const periodName = periodNameOf(key);
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
        media={
          <PageThumbnail
            code={doc.code}
            page={1}
            hasImage={doc.pageImages > 0}
            width={56}
            aspect={doc.firstPageAspect ?? LETTER_ASPECT}
            className="hidden sm:block"
          />
        }
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

      <ActivityFigures stats={stats} leads={leads.pagination.total} />
      <ActivityCharts
        stats={stats}
        funnel={funnel}
        perDay={perDay}
        periodName={periodName}
        openPeriod={key === "all"}
        thumbnails={{ code: doc.code, pages: doc.pageImages }}
      />

      <LinksSection documentCode={doc.code} defaultLink={linkRows.defaultLink} links={linkRows.links} period={key} />

      <ReadersCard
        readers={readers}
        documentCode={doc.code}
        period={key}
        description={`Readers with a visit${inPeriod}, most engaged first; figures count those visits. Open a row for its visits.`}
        actions={
          <a href={csvHref("viewers")} className={buttonClass("secondary", "sm")}>
            {csvLabel}
          </a>
        }
        empty={key === "all" ? "Nobody has opened this document yet." : "Nobody opened this document in this period."}
        pageHref={(page) => pageLink({ vpage: String(page) })}
      />

      <LeadsCard
        leads={leads}
        description={`Emails captured by the gate${inPeriod}, newest first`}
        actions={
          <a href={csvHref("leads")} className={buttonClass("secondary", "sm")}>
            {csvLabel}
          </a>
        }
        empty={
          doc.emailGate && doc.gateType !== "none"
            ? key === "all"
              ? "No leads yet."
              : "No leads in this period."
            : "The email gate is off, so this document collects no leads."
        }
        pageHref={(page) => pageLink({ lpage: String(page) })}
      />

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
