import { uploadKindsTaken } from "../office/prepare-upload";
import { config } from "../config";
import { db } from "../db/client";
import { shareUrl } from "../documents/short-code";
import { queryDocuments } from "../documents/list-documents";
import { presentParams } from "../request/present-params";
import { listDocumentsQuery } from "../schemas/documents";
import { searchQuery } from "../schemas/search";
import { searchDocuments } from "../search/search-documents";

/** Documents whose text matches shown above the list: the best few, each with its first pages. */
const TEXT_RESULTS = 10;

/**
 * What the dashboard's documents list shows for its query: one page of the owner's documents,
 * filtered and sorted as asked (20 a page unless the query says otherwise), and how uploads work
 * on this server. A query it cannot read is dropped whole for the defaults; `understood` says so.
 * A search also looks through the documents' page text (`textResults`), the list still filtering titles.
 */
export async function documentsPageData(teamId: string, search: Record<string, string | string[] | undefined>) {
  const raw = presentParams(search);
  const parsed = listDocumentsQuery.safeParse({ ...raw, per_page: raw.per_page ?? "20" });
  const query = parsed.success ? parsed.data : listDocumentsQuery.parse({});
  const textQuery = searchQuery.safeParse({ q: query.search, per_page: String(TEXT_RESULTS) });
  const [{ rows: documents, pagination }, textResults] = await Promise.all([
    queryDocuments(teamId, query),
    textQuery.success ? searchDocuments(teamId, textQuery.data).then((found) => found.results.filter((r) => r.pages.length > 0)) : [],
  ]);
  const lastViewed = await lastViewedAt(documents.map((doc) => doc.id));
  const rows = documents.map((doc) => ({ ...doc, url: shareUrl(doc.code), lastViewedAt: lastViewed.get(doc.id)?.toISOString() ?? null }));
  const filtered = Boolean(raw.search || raw.engagement || raw.has_leads);
  return {
    raw,
    sort: query.sort,
    understood: parsed.success,
    rows,
    pagination,
    filtered,
    textSearch: textQuery.success ? textQuery.data.q : null,
    textResults,
    // With nothing uploaded yet the empty state is the upload panel itself (a drop zone).
    firstUpload: rows.length === 0 && !filtered && pagination.page === 1,
    upload: { maxUploadMb: config().MAX_UPLOAD_MB, direct: config().STORAGE_DRIVER === "uploadthing", uploadKinds: uploadKindsTaken() },
  };
}

/** When each document was last read (its most recent reader's last page view), one indexed look-up per listed document. */
async function lastViewedAt(documentIds: string[]): Promise<Map<string, Date>> {
  if (documentIds.length === 0) return new Map();
  const found = await db.viewer.groupBy({
    by: ["documentId"],
    where: { documentId: { in: documentIds }, lastViewedAt: { not: null } },
    _max: { lastViewedAt: true },
  });
  return new Map(found.flatMap((row) => (row._max.lastViewedAt ? [[row.documentId, row._max.lastViewedAt] as const] : [])));
}

export type DocumentListRow = Awaited<ReturnType<typeof documentsPageData>>["rows"][number];
export type DocumentsPageData = Awaited<ReturnType<typeof documentsPageData>>;
