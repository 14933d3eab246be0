import { ApiError } from "@/lib/errors";
import { createDocument } from "@/lib/documents/create-document";
import { serializeDocument } from "@/lib/documents/serialize";
import { dashboardUploadFields } from "@/lib/http/dashboard-upload-fields";
import { receiveUpload } from "@/lib/http/receive-upload";
import { json } from "@/lib/http/respond";
import { withSession } from "@/lib/http/with-session";

/**
 * The dashboard's upload (XHR, for a real progress bar): session auth, same domain functions as the
 * API. The form's free preview pages become the API's `gate_page` here.
 */
export const POST = withSession({ can: "documents.write" }, async ({ req, access }) => {
  const upload = await receiveUpload(req);
  try {
    if (!upload.file || upload.file.size === 0)
      throw new ApiError("bad_request", "Choose a PDF to upload.", { fields: { file: "Choose a PDF to upload." } });
    const doc = await createDocument(access, upload.file, dashboardUploadFields(upload.fields));
    return json(serializeDocument(doc), 201);
  } finally {
    await upload.cleanup();
  }
});
