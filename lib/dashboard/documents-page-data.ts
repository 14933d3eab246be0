import { uploadKindsTaken } from "../office/prepare-upload";
import { config } from "../config";
import { queryDocuments } from "../documents/list-documents";
import { presentParams } from "../request/present-params";
import { listDocumentsQuery } from "../schemas/documents";

/**
 * What the dashboard's documents list shows for its query: one page of the owner's documents,
 * filtered and sorted as asked (20 a page unless the query says otherwise), and how uploads work
 * on this server. A query it cannot read is dropped whole for the defaults; `understood` says so.
 */
export async function documentsPageData(teamId: string, search: Record<string, string | string[] | undefined>) {
  const raw = presentParams(search);
  const parsed = listDocumentsQuery.safeParse({ ...raw, per_page: raw.per_page ?? "20" });
  const query = parsed.success ? parsed.data : listDocumentsQuery.parse({});
  const { rows, pagination } = await queryDocuments(teamId, query);
  const filtered = Boolean(raw.search || raw.engagement || raw.has_leads);
  return {
    raw,
    sort: query.sort,
    understood: parsed.success,
    rows,
    pagination,
    filtered,
    // With nothing uploaded yet the empty state is the upload panel itself (a drop zone).
    firstUpload: rows.length === 0 && !filtered && pagination.page === 1,
    upload: { maxUploadMb: config().MAX_UPLOAD_MB, direct: config().STORAGE_DRIVER === "uploadthing", uploadKinds: uploadKindsTaken() },
  };
}

export type DocumentListRow = Awaited<ReturnType<typeof documentsPageData>>["rows"][number];
