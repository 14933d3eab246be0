import { ApiError } from "@/lib/errors";
import { receiveUpload } from "@/lib/http/receive-upload";
import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { listDocumentsQuery, uploadFieldsSchema } from "@/lib/schemas/documents";
import { json, parseFields, parseQuery, withApiKey } from "@/lib/http/with-api-key";
import { createDocument } from "@/lib/documents/create-document";
import { listDocuments } from "@/lib/documents/list-documents";
import { serializeDocument } from "@/lib/documents/serialize";

export const dynamic = "force-dynamic";

export const GET = withApiKey(async ({ req, userId }) => json(await listDocuments(userId, parseQuery(listDocumentsQuery, req))));

export const POST = withApiKey(async ({ req, userId }) => {
  const upload = await receiveUpload(req);
  try {
    if (!upload.file || upload.file.size === 0) {
      throw new ApiError("bad_request", "Attach the PDF in a multipart field named file.");
    }
    const fields = parseFields(uploadFieldsSchema, upload.fields);
    const doc = await createDocument(userId, upload.file, fields);
    const body = serializeDocument(doc);
    return json(body, 201, { Location: `/api/v1/documents/${body.short_code}` });
  } finally {
    await upload.cleanup();
  }
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
