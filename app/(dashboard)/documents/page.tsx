import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/dashboard/page-header";
import { PageThumbnail } from "@/components/dashboard/page-thumbnail";
import { Pager } from "@/components/dashboard/pager";
import { UploadPanel } from "@/components/dashboard/upload-panel";
import { Button } from "@/components/ui/button";
import { type Column, DataTable } from "@/components/ui/data-table";
import { EngagementBadge } from "@/components/ui/engagement-badge";
import { inputClass } from "@/components/ui/field";
import { LocalTime } from "@/components/ui/local-time";
import { QueryForm } from "@/components/ui/query-form";
import { plural } from "@/lib/plural";
import { LEVELS, engagementObject } from "@/lib/rules/engagement";
import { listDocumentsQuery } from "@/lib/schemas/documents";
import { presentParams } from "@/lib/request/present-params";
import { requireTeamPage } from "@/lib/http/require-team";
import { config } from "@/lib/config";
import { LETTER_ASPECT } from "@/lib/documents/page-shape";
import { queryDocuments } from "@/lib/documents/list-documents";

export const metadata: Metadata = { title: "Documents" };

type Search = Record<string, string | string[] | undefined>;
type DocumentRow = Awaited<ReturnType<typeof queryDocuments>>["rows"][number];

// On a phone the table is a list of cards: the title cell also carries the views, leads and
// engagement, and the other columns step aside (nothing is cut off at the screen's edge).
const DOCUMENT_COLUMNS: Array<Column<DocumentRow>> = [
  {
    key: "title",
    header: "Title",
    cellClassName: "max-w-[calc(100vw-4rem)] sm:max-w-xs",
    cell: (doc) => (
      <div className="flex items-start gap-3">
        <PageThumbnail code={doc.code} page={1} hasImage={doc.pageImages > 0} width={36} aspect={doc.firstPageAspect ?? LETTER_ASPECT} />
        <div className="min-w-0">
          <Link href={`/documents/${doc.code}`} className="block truncate font-medium text-slate-900 hover:text-brand-700">
            {doc.title}
          </Link>
          <span className="text-xs text-slate-500">
            {plural(doc.pageCount, "page")}
            <span className="sm:hidden">
              {" "}
              · {plural(doc.views, "view")} · {plural(doc.leadsCount, "lead")}
            </span>
          </span>
          <span className="mt-1.5 block sm:hidden">
            <EngagementBadge {...engagementObject(doc.engagementRank)} />
          </span>
        </div>
      </div>
    ),
  },
  { key: "views", header: "Views", align: "end", hideBelow: "sm", cellClassName: "tabular-nums", cell: (doc) => doc.views },
  { key: "unique", header: "Unique", align: "end", hideBelow: "sm", cellClassName: "tabular-nums", cell: (doc) => doc.uniqueViewers },
  { key: "leads", header: "Leads", align: "end", hideBelow: "sm", cellClassName: "tabular-nums", cell: (doc) => doc.leadsCount },
  {
    key: "engagement",
    header: "Engagement",
    hideBelow: "sm",
    cell: (doc) => <EngagementBadge {...engagementObject(doc.engagementRank)} />,
  },
  {
    key: "created",
    header: "Created",
    hideBelow: "md",
    cellClassName: "whitespace-nowrap text-slate-600",
    cell: (doc) => <LocalTime value={doc.createdAt} day />,
  },
];

export default async function DocumentsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const team = await requireTeamPage("documents.read");
  const raw = presentParams(await searchParams);
  const parsed = listDocumentsQuery.safeParse({ ...raw, per_page: raw.per_page ?? "20" });
  const query = parsed.success ? parsed.data : listDocumentsQuery.parse({});
  const { rows, pagination } = await queryDocuments(team.teamId, query);
  const filtered = Boolean(raw.search || raw.engagement || raw.has_leads);
  // With nothing uploaded yet the empty state is the upload panel itself (a drop zone).
  const firstUpload = rows.length === 0 && !filtered && pagination.page === 1;
  const link = (changes: Record<string, string>) => ({
    pathname: "/documents",
    query: Object.fromEntries(Object.entries({ ...raw, ...changes }).filter(([, v]) => v)),
  });

  return (
    <>
      <PageHeader
        title="Documents"
        description="Every link you shared, with who opened it and how far they read."
        actions={
          firstUpload ? undefined : (
            <UploadPanel
              key={raw.upload ?? ""}
              maxUploadMb={config().MAX_UPLOAD_MB}
              direct={config().STORAGE_DRIVER === "uploadthing"}
              startOpen={raw.upload === "1"}
            />
          )
        }
      />

      <QueryForm action="/documents" className="mb-4 flex flex-wrap items-end gap-3" role="search">
        <div className="min-w-48 flex-1">
          <label htmlFor="search" className="sr-only">
            Search titles
          </label>
          <input id="search" name="search" type="search" defaultValue={raw.search} placeholder="Search titles…" className={inputClass} />
        </div>
        <div>
          <label htmlFor="engagement" className="sr-only">
            Engagement
          </label>
          <select id="engagement" name="engagement" defaultValue={raw.engagement ?? ""} className={inputClass}>
            <option value="">Any engagement</option>
            {[...LEVELS].reverse().map((l) => (
              <option key={l.key} value={l.key}>
                {l.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="has_leads" className="sr-only">
            Leads
          </label>
          <select id="has_leads" name="has_leads" defaultValue={raw.has_leads ?? ""} className={inputClass}>
            <option value="">With or without leads</option>
            <option value="true">With leads</option>
            <option value="false">Without leads</option>
          </select>
        </div>
        <div>
          <label htmlFor="sort" className="sr-only">
            Sort by
          </label>
          <select id="sort" name="sort" defaultValue={query.sort} className={inputClass}>
            <option value="created_at">Newest</option>
            <option value="views">Most viewed</option>
            <option value="engagement">Most engaged</option>
            <option value="title">Title A–Z</option>
          </select>
        </div>
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      </QueryForm>

      {!parsed.success && (
        <p role="alert" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Some filters were not understood and were ignored.
        </p>
      )}

      {firstUpload ? (
        <UploadPanel
          key={raw.upload ?? ""}
          variant="empty"
          maxUploadMb={config().MAX_UPLOAD_MB}
          direct={config().STORAGE_DRIVER === "uploadthing"}
          startOpen={raw.upload === "1"}
        />
      ) : (
        <DataTable
          variant="page"
          caption="Documents"
          columns={DOCUMENT_COLUMNS}
          rows={rows}
          rowKey={(doc) => doc.id}
          empty={
            <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
              <h2 className="font-semibold text-slate-900">
                {filtered ? "No documents match these filters" : "No documents on this page"}
              </h2>
              <Link href="/documents" className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline">
                {filtered ? "Clear filters" : "Back to the first page"}
              </Link>
            </div>
          }
        />
      )}

      <Pager
        label="Pagination"
        page={pagination.page}
        totalPages={pagination.total_pages}
        href={(page) => link({ page: String(page) })}
        summary={`Page ${pagination.page} of ${pagination.total_pages} · ${plural(pagination.total, "document")}`}
      />
    </>
  );
}
