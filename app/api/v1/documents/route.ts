import { ApiError } from "@/lib/errors";
import { receiveUpload } from "@/lib/http/receive-upload";
import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { listDocumentsQuery, uploadFieldsSchema } from "@/lib/schemas/documents";
import { withApiKey } from "@/lib/http/with-api-key";
import { json } from "@/lib/http/respond";
import { parseFields, parseQuery } from "@/lib/http/parse";
import { createDocument } from "@/lib/documents/create-document";
import { listDocuments } from "@/lib/documents/list-documents";
import { serializeDocument } from "@/lib/documents/serialize";

export const dynamic = "force-dynamic";

export const GET = withApiKey({ can: "documents.read" }, async ({ req, access }) =>
  json(await listDocuments(access.teamId, parseQuery(listDocumentsQuery, req))),
);

export const POST = withApiKey({ can: "documents.write" }, async ({ req, access }) => {
  const upload = await receiveUpload(req);
  try {
    if (!upload.file || upload.file.size === 0) {
      throw new ApiError("bad_request", "Attach the PDF in a multipart field named file.");
    }
    const fields = parseFields(uploadFieldsSchema, upload.fields);
    const doc = await createDocument(access, upload.file, fields);
    const body = serializeDocument(doc);
    return json(body, 201, { Location: `/api/v1/documents/${body.short_code}` });
  } finally {
    await upload.cleanup();
  }
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
