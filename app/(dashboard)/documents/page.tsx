import type { Metadata } from "next";
import { DocumentListTable } from "@/components/dashboard/document-list-table";
import { DocumentsFilters } from "@/components/dashboard/documents-filters";
import { PageHeader } from "@/components/dashboard/page-header";
import { Pager } from "@/components/dashboard/pager";
import { TextSearchResults } from "@/components/dashboard/text-search-results";
import { UploadPanel } from "@/components/dashboard/upload-panel";
import { documentsPageData } from "@/lib/dashboard/documents-page-data";
import { requireTeamPage } from "@/lib/http/require-team";
import { plural } from "@/lib/plural";

export const metadata: Metadata = { title: "Documents" };

export default async function DocumentsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const team = await requireTeamPage("documents.read");
  const { raw, sort, understood, rows, pagination, filtered, textSearch, textResults, firstUpload, upload } = await documentsPageData(
    team.teamId,
    await searchParams,
  );
  const uploadPanel = (variant: "button" | "empty") => (
    <UploadPanel key={raw.upload ?? ""} variant={variant} {...upload} startOpen={raw.upload === "1"} />
  );
  const link = (changes: Record<string, string>) => ({
    pathname: "/documents",
    query: Object.fromEntries(Object.entries({ ...raw, ...changes }).filter(([, v]) => v)),
  });

  return (
    <>
      <PageHeader
        title="Documents"
        description="Every link you shared, with who opened it and how far they read."
        actions={firstUpload ? undefined : uploadPanel("button")}
      />
      {!firstUpload && <DocumentsFilters values={raw} sort={sort} />}
      {!understood && (
        <p role="alert" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Some filters were not understood and were ignored.
        </p>
      )}
      {textSearch && !firstUpload && <TextSearchResults search={textSearch} results={textResults} />}
      {firstUpload ? uploadPanel("empty") : <DocumentListTable rows={rows} filtered={filtered} />}
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
