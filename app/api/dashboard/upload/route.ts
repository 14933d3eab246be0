import { auth } from "@/lib/auth/auth";
import { ApiError } from "@/lib/errors";
import { receiveUpload } from "@/lib/http/receive-upload";
import { uploadFieldsSchema } from "@/lib/schemas/documents";
import { errorResponse, json, parseFields } from "@/lib/http/with-api-key";
import { createDocument } from "@/lib/documents/create-document";
import { gatePageField } from "@/lib/documents/preview-pages";
import { serializeDocument } from "@/lib/documents/serialize";

/**
 * The dashboard's upload (XHR, for a real progress bar): session auth, same domain functions as the
 * API. The form's free preview pages become the API's `gate_page` here.
 */
export async function POST(req: Request) {
  const requestId = crypto.randomUUID();
  try {
    const userId = (await auth())?.user?.id;
    if (!userId) throw new ApiError("unauthorized", "Your session has ended. Sign in again.");
    const upload = await receiveUpload(req);
    try {
      if (!upload.file || upload.file.size === 0) throw new ApiError("bad_request", "Choose a PDF to upload.");
      const { preview_pages: previewPages, ...fields } = upload.fields;
      if (previewPages !== undefined) fields.gate_page = gatePageField(previewPages);
      const doc = await createDocument(userId, upload.file, parseFields(uploadFieldsSchema, fields));
      return json(serializeDocument(doc), 201);
    } finally {
      await upload.cleanup();
    }
  } catch (error) {
    return errorResponse(error, requestId);
  }
}
