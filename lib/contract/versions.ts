import { ApiError } from "../errors";
import { receiveUpload } from "../http/receive-upload";
import { json } from "../http/respond";
import { versionFileResponse } from "../http/version-file-response";
import { documentVersionListSchema, versionChangeSchema, versionUploadBodySchema } from "../schemas/versions";
import { z } from "../schemas/zod";
import { listVersions } from "../versions/list-versions";
import { restoreVersion } from "../versions/restore-version";
import { serializeVersionChange } from "../versions/serialize-version-change";
import { uploadVersion } from "../versions/upload-version";
import { CREATED_AT, OWNER_ID, documentExample, type Out } from "./examples/story";
import { defineOperation } from "./operation";
import { shortCode, versionNumber } from "./path-params";

/** A document's versions (issue 28; additive, not in docs/api-contract.md). */

const versionListExample = {
  versions: [
    {
      number: 2,
      page_count: 14,
      size_bytes: 512_204,
      original_filename: "q3-board-deck-v2.pdf",
      created_at: "2026-01-20T10:00:00.000Z",
      created_by: { user_id: OWNER_ID, email: "sam@acme-capital.com", name: "Sam Lee" },
      is_current: true,
    },
    {
      number: 1,
      page_count: 12,
      size_bytes: 482_113,
      original_filename: "q3-board-deck.pdf",
      created_at: CREATED_AT,
      created_by: { user_id: OWNER_ID, email: "sam@acme-capital.com", name: "Sam Lee" },
      is_current: false,
    },
  ],
} satisfies Out<typeof documentVersionListSchema>;

const versionChangeExample = {
  ...documentExample,
  page_count: 14,
  original_filename: "q3-board-deck-v2.pdf",
  version: 2,
  gate_page_clamped: null,
  links_gate_page_clamped: [],
  gate_page_restored: null,
  links_gate_page_restored: [],
} satisfies Out<typeof versionChangeSchema>;

const versionUploadExample = { file: "(the PDF's bytes)" };

const pdfExample = "%PDF-1.7 (the PDF's bytes)";

export const listDocumentVersions = defineOperation({
  method: "GET",
  path: "/api/v1/documents/{short_code}/versions",
  operationId: "listDocumentVersions",
  summary: "A document's versions",
  description: "Every file the document has had, newest first; `is_current` marks the one readers get.",
  tag: "Versions",
  can: "documents.read",
  params: { short_code: shortCode },
  response: { status: 200, description: "The versions", schema: documentVersionListSchema, example: versionListExample },
  handle: ({ access, params }) => listVersions(access.teamId, params.short_code),
});

export const uploadDocumentVersion = defineOperation({
  method: "POST",
  path: "/api/v1/documents/{short_code}/versions",
  operationId: "uploadDocumentVersion",
  summary: "Upload a new version",
  description:
    "Replaces the document's file for every link at once; codes, settings and analytics stay. The file is inspected like an upload; a refused file changes nothing. A gate_page past the new page count stands on its last page while this version is current (reported in `gate_page_clamped`); a gate moved down that way before goes back up to the page chosen for it when the new version is long enough (`gate_page_restored`). Emits `document.updated`.",
  tag: "Versions",
  can: "documents.write",
  params: { short_code: shortCode },
  body: { schema: versionUploadBodySchema, example: versionUploadExample, media: "multipart/form-data" },
  response: { status: 201, description: "The document with its new version", schema: versionChangeSchema, example: versionChangeExample },
  errors: [400, 413, 422],
  serve: async ({ access, params }, req) => {
    const upload = await receiveUpload(req);
    try {
      if (!upload.file || upload.file.size === 0) throw new ApiError("bad_request", "Attach the PDF in a multipart field named file.");
      if (Object.keys(upload.fields).length > 0) {
        throw new ApiError(
          "bad_request",
          `A new version takes the file alone; settings stay the document's (got ${Object.keys(upload.fields).join(", ")}).`,
        );
      }
      const body = serializeVersionChange(await uploadVersion(access, params.short_code, upload.file));
      return json(body, 201, { Location: `/api/v1/documents/${body.short_code}/versions/${body.version}` });
    } finally {
      await upload.cleanup();
    }
  },
});

export const restoreDocumentVersion = defineOperation({
  method: "POST",
  path: "/api/v1/documents/{short_code}/versions/{number}/restore",
  operationId: "restoreDocumentVersion",
  summary: "Make an earlier version current again",
  description:
    "As a new upload of that file would (gates move the same ways), keeping its number. A version pruned meanwhile, even by a change that landed while this one was being prepared, is 404. Emits `document.updated`.",
  tag: "Versions",
  can: "documents.write",
  params: { short_code: shortCode, number: versionNumber },
  response: {
    status: 200,
    description: "The document with the restored version current",
    schema: versionChangeSchema,
    example: versionChangeExample,
  },
  errors: [400],
  handle: async ({ access, params }) => serializeVersionChange(await restoreVersion(access, params.short_code, params.number)),
});

export const downloadDocumentVersion = defineOperation({
  method: "GET",
  path: "/api/v1/documents/{short_code}/versions/{number}/file",
  operationId: "downloadDocumentVersion",
  summary: "Download one version's PDF",
  description: "For the team's members and keys; readers only ever get the current version through the share link.",
  tag: "Versions",
  can: "documents.read",
  params: { short_code: shortCode, number: versionNumber },
  response: {
    status: 200,
    description: "The PDF",
    schema: z.string().openapi({ format: "binary" }),
    example: pdfExample,
    media: "application/pdf",
  },
  serve: ({ access, params }) => versionFileResponse(access.teamId, params.short_code, params.number),
});

/** A document's versions: the list, a new one, an earlier one made current again, one's file. */
export const VERSION_OPERATIONS = [listDocumentVersions, uploadDocumentVersion, restoreDocumentVersion, downloadDocumentVersion];
