import { createDocument } from "../documents/create-document";
import { uploadPlacement } from "../rooms/upload-placement";
import { deleteDocument } from "../documents/delete-document";
import { listDocuments } from "../documents/list-documents";
import { serializeDocument } from "../documents/serialize";
import { ApiError } from "../errors";
import { parseFields } from "../http/parse";
import { receiveUpload } from "../http/receive-upload";
import { json } from "../http/respond";
import { changeDocumentSettings } from "../links/change-document-settings";
import { TRASH_DAYS } from "../rules/trash";
import {
  documentListSchema,
  documentSchema,
  listDocumentsQuery,
  updateDocumentSchema,
  uploadBodySchema,
  uploadFieldsSchema,
  uploadPlacementFields,
} from "../schemas/documents";
import { ENGAGEMENT_HOT, SHORT_CODE, TITLE, documentExample, type In, type Out, pagination } from "./examples/story";
import { defineOperation } from "./operation";
import { ownedDocument, shortCode } from "./path-params";
import { READS } from "./tool-hints";

const documentListExample = {
  documents: [
    {
      id: documentExample.id,
      title: TITLE,
      short_code: SHORT_CODE,
      url: documentExample.url,
      page_count: 12,
      views: 42,
      unique_viewers: 17,
      leads_count: 5,
      engagement_summary: ENGAGEMENT_HOT,
    },
  ],
  pagination: pagination(1),
} satisfies Out<typeof documentListSchema>;

/** Multipart fields are text on the wire; the document describes them with the types they are read as. */
const uploadExample = {
  file: "(the PDF's bytes)",
  title: TITLE,
  gate_type: "preview",
  gate_page: 3,
  allow_download: true,
} satisfies Partial<Record<keyof In<typeof uploadBodySchema>, unknown>>;

export const listTeamDocuments = defineOperation({
  method: "GET",
  path: "/api/v1/documents",
  operationId: "listDocuments",
  summary: "List documents",
  tag: "Documents",
  can: "documents.read",
  query: listDocumentsQuery,
  response: { status: 200, description: "The account's documents", schema: documentListSchema, example: documentListExample },
  errors: [400],
  handle: ({ access, query }) => listDocuments(access.teamId, query),
  mcp: {
    name: "search_documents",
    title: "Search documents",
    description:
      "List the team's documents, newest first unless sorted otherwise, each with its short code, link URL, page count, views, unique viewers, leads and engagement summary; with pagination. Filter by a title substring (search), by the engagement of the most engaged reader, by whether it has leads, or by creation date (since/until). Use it to find a document's short_code for the other tools. Same answer as GET /api/v1/documents.",
    annotations: READS,
  },
});

export const uploadDocument = defineOperation({
  method: "POST",
  path: "/api/v1/documents",
  operationId: "uploadDocument",
  summary: "Upload a PDF",
  description:
    "Uploads a PDF and its settings in one multipart request, and puts it in a room or a room's folder when `room_id` or `folder_id` is sent. Emits `document.uploaded`.",
  tag: "Documents",
  can: "documents.write",
  body: { schema: uploadBodySchema, example: uploadExample, media: "multipart/form-data" },
  response: { status: 201, description: "The new document", schema: documentSchema, example: documentExample },
  errors: [400, 413, 422],
  serve: async ({ access }, req) => {
    const upload = await receiveUpload(req);
    try {
      if (!upload.file || upload.file.size === 0) {
        throw new ApiError("bad_request", "Attach the PDF in a multipart field named file.");
      }
      const fields = parseFields(uploadFieldsSchema, upload.fields);
      const inTransaction = await uploadPlacement(access, parseFields(uploadPlacementFields, upload.fields));
      const body = serializeDocument(await createDocument(access, upload.file, fields, { inTransaction }));
      return json(body, 201, { Location: `/api/v1/documents/${body.short_code}` });
    } finally {
      await upload.cleanup();
    }
  },
});

export const getDocument = defineOperation({
  method: "GET",
  path: "/api/v1/documents/{short_code}",
  operationId: "getDocument",
  summary: "Get a document",
  tag: "Documents",
  can: "documents.read",
  params: { short_code: ownedDocument },
  response: { status: 200, description: "The document", schema: documentSchema, example: documentExample },
  handle: async ({ params }) => serializeDocument(params.short_code),
  mcp: {
    name: "get_document",
    title: "Get a document",
    description:
      "One document by its short code (s-<code>): title, link URL, page count, original file name, creation time, whether it is active, and its sharing settings (email gate, gate page, download, password set, expiry, allow/block lists, watermark, agreement). Same answer as GET /api/v1/documents/{short_code}.",
    annotations: READS,
  },
});

export const updateDocument = defineOperation({
  method: "PATCH",
  path: "/api/v1/documents/{short_code}",
  operationId: "updateDocument",
  summary: "Update a document's title or settings",
  description: "Only the fields included change. `password`: a string sets it, null clears it. Unknown fields are refused.",
  tag: "Documents",
  can: "documents.write",
  params: { short_code: ownedDocument },
  body: { schema: updateDocumentSchema, required: false },
  response: { status: 200, description: "The updated document", schema: documentSchema, example: documentExample },
  errors: [400, 422],
  handle: async ({ access, params, body }) => serializeDocument(await changeDocumentSettings(access, params.short_code, await body())),
});

export const deleteTeamDocument = defineOperation({
  method: "DELETE",
  path: "/api/v1/documents/{short_code}",
  operationId: "deleteDocument",
  summary: "Delete a document",
  description: `Soft delete: the link stops working at once (410) and the document leaves lists and analytics. It waits ${TRASH_DAYS} days in the team's Trash, where an admin can restore it with its links, versions and analytics; then it is deleted for good. A member may delete only the documents they uploaded (403 \`forbidden\` otherwise); an admin or the owner any.`,
  tag: "Documents",
  can: "documents.write",
  params: { short_code: shortCode },
  response: { status: 204, description: "Deleted" },
  handle: ({ access, params }) => deleteDocument(access, params.short_code),
});

/** Upload, read, change and delete documents. */
export const DOCUMENT_OPERATIONS = [listTeamDocuments, uploadDocument, getDocument, updateDocument, deleteTeamDocument];
