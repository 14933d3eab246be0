import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageChart, ViewsOverTimeChart } from "@/components/dashboard/charts";
import { DeleteDocumentButton } from "@/components/dashboard/delete-document-button";
import { DocumentSettingsForm } from "@/components/dashboard/document-settings-form";
import { PageHeader } from "@/components/dashboard/page-header";
import { Pager } from "@/components/dashboard/pager";
import { PeriodPicker } from "@/components/dashboard/period-picker";
import { Stat, formatPercent, formatSeconds } from "@/components/dashboard/stat";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { EngagementBadge } from "@/components/ui/engagement-badge";
import { documentLeads } from "@/lib/analytics/document-leads";
import { documentStats } from "@/lib/analytics/document-stats";
import { documentViewers } from "@/lib/analytics/document-viewers";
import { LEVELS } from "@/lib/analytics/engagement";
import { viewsOverTime } from "@/lib/analytics/views-over-time";
import { requireUser } from "@/lib/auth/auth";
import { periodFromKey } from "@/lib/dashboard/period";
import { findOwnedDocument } from "@/lib/documents/find-document";
import { shareUrl } from "@/lib/documents/short-code";

export const metadata: Metadata = { title: "Document" };

const PER_PAGE = 20;
const typeOfLabel = (label: string) => LEVELS.find((l) => l.label === label)?.type ?? "none";

export default async function DocumentPage({ params, searchParams }: { params: Promise<{ code: string }>; searchParams: Promise<Record<string, string | undefined>> }) {
  const user = await requireUser();
  const { code } = await params;
  const search = await searchParams;
  const doc = await findOwnedDocument(user.id, code).catch(() => notFound());
  const { key, period } = periodFromKey(search.period, "all");
  const viewerPage = Math.max(1, Number(search.vpage) || 1);
  const leadPage = Math.max(1, Number(search.lpage) || 1);
  const [stats, viewers, leads, perDay] = await Promise.all([
    documentStats(doc, period),
    documentViewers(doc, viewerPage, PER_PAGE),
    documentLeads(doc, { page: leadPage, per_page: PER_PAGE, since: undefined, until: undefined }),
    viewsOverTime(user.id, period, { documentId: doc.id }),
  ]);
  const url = shareUrl(doc.code);
  const pageLink = (changes: Record<string, string>) => ({ pathname: `/documents/${doc.code}`, query: { ...search, ...changes } });

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/documents" className="text-slate-500 hover:text-slate-800">← Documents</Link>
      </nav>
      <PageHeader
        title={doc.title}
        description={`${doc.pageCount} pages · uploaded ${doc.createdAt.toISOString().slice(0, 10)}`}
        actions={
          <>
            <a href={url} target="_blank" rel="noreferrer" className={buttonClass("secondary")}>Open link</a>
            <CopyButton value={url} label="Copy link" size="md" />
          </>
        }
      />
      {search.uploaded && <p role="status" className="mb-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">Uploaded. Your link is ready to share: <span className="font-mono">{url}</span></p>}

      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="font-mono text-sm text-slate-600" data-testid="share-url">{url}</p>
        <PeriodPicker current={key} basePath={`/documents/${doc.code}`} />
      </div>

      <dl className="mb-6 grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
        <Stat label="Views" value={stats.views} />
        <Stat label="Unique viewers" value={stats.unique_viewers} />
        <Stat label="Avg. time" value={formatSeconds(stats.avg_time_seconds)} />
        <Stat label="Avg. completion" value={formatPercent(stats.avg_completion)} />
        <Stat label="Downloads" value={stats.downloads} />
        <Stat label="Leads" value={leads.pagination.total} />
      </dl>

      <div className="mb-6 grid gap-6 lg:grid-cols-2">
        <Card title="Pages" description="Time spent on each page, and how many visits got that far">
          {stats.views === 0 ? <p className="py-10 text-center text-sm text-slate-500">No visits in this period yet. Share the link to see page-by-page reading.</p> : <PageChart data={stats.page_analytics} />}
        </Card>
        <Card title="Views over time" description={key === "all" ? "Last 6 weeks" : undefined}>
          <ViewsOverTimeChart data={perDay} />
        </Card>
      </div>

      <Card title="Viewers" description="Most engaged first" className="mb-6" actions={<a href={`/api/dashboard/documents/${doc.code}/viewers.csv`} className={buttonClass("secondary", "sm")}>Export CSV</a>}>
        {viewers.viewers.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">Nobody has opened this document yet.</p>
        ) : (
          <div className="-mx-5 overflow-x-auto">
            <table className="min-w-full text-sm" data-testid="viewers-table">
              <thead className="text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="px-5 py-2">Viewer</th>
                  <th scope="col" className="px-3 py-2 text-right">Visits</th>
                  <th scope="col" className="px-3 py-2 text-right">Completion</th>
                  <th scope="col" className="px-3 py-2 text-right">Time</th>
                  <th scope="col" className="px-3 py-2">Downloaded</th>
                  <th scope="col" className="px-3 py-2">Engagement</th>
                  <th scope="col" className="px-5 py-2">Last seen</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {viewers.viewers.map((v) => (
                  <tr key={v.viewer_id}>
                    <td className="px-5 py-2">
                      <span className="block font-medium text-slate-900">{v.email ?? "Anonymous"}</span>
                      <span className="text-xs text-slate-500">{v.company_domain ?? v.viewer_id}</span>
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{v.visits}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatPercent(v.completion)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatSeconds(v.total_time_seconds)}</td>
                    <td className="px-3 py-2">{v.downloaded ? "Yes" : "No"}</td>
                    <td className="px-3 py-2"><EngagementBadge label={v.engagement_label} type={typeOfLabel(v.engagement_label)} /></td>
                    <td className="px-5 py-2 whitespace-nowrap text-slate-600">{v.last_viewed_at.slice(0, 16).replace("T", " ")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager label="Viewer pages" page={viewerPage} totalPages={viewers.pagination.total_pages} href={(page) => pageLink({ vpage: String(page) })} />
      </Card>

      <Card title="Leads" description="Emails captured by the gate, newest first" className="mb-6" actions={<a href={`/api/dashboard/documents/${doc.code}/leads.csv`} className={buttonClass("secondary", "sm")}>Export CSV</a>}>
        {leads.leads.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">{doc.emailGate && doc.gateType !== "none" ? "No leads yet." : "The email gate is off, so this document collects no leads."}</p>
        ) : (
          <div className="-mx-5 overflow-x-auto">
            <table className="min-w-full text-sm" data-testid="leads-table">
              <thead className="text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="px-5 py-2">Email</th>
                  <th scope="col" className="px-3 py-2">Name</th>
                  <th scope="col" className="px-3 py-2">Company</th>
                  <th scope="col" className="px-3 py-2">Engagement</th>
                  <th scope="col" className="px-5 py-2">Captured</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {leads.leads.map((l) => (
                  <tr key={l.email}>
                    <td className="px-5 py-2 font-medium text-slate-900">{l.email}</td>
                    <td className="px-3 py-2">{l.name || "—"}</td>
                    <td className="px-3 py-2">{l.company_domain}</td>
                    <td className="px-3 py-2"><EngagementBadge label={l.engagement_label} type={typeOfLabel(l.engagement_label)} /></td>
                    <td className="px-5 py-2 whitespace-nowrap text-slate-600">{l.captured_at.slice(0, 16).replace("T", " ")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager label="Lead pages" page={leadPage} totalPages={leads.pagination.total_pages} href={(page) => pageLink({ lpage: String(page) })} />
      </Card>

      <Card title="Settings" className="mb-6">
        <DocumentSettingsForm
          code={doc.code}
          title={doc.title}
          pageCount={doc.pageCount}
          passwordSet={doc.passwordHash !== null}
          values={{
            email_gate: doc.emailGate,
            gate_type: doc.gateType,
            gate_page: doc.gatePage,
            allow_download: doc.allowDownload,
            block_free_emails: doc.blockFreeEmails,
            notifications_enabled: doc.notificationsEnabled,
          }}
        />
      </Card>

      <Card title="Danger zone">
        <DeleteDocumentButton code={doc.code} title={doc.title} />
      </Card>
    </>
  );
}
