import { ApiError } from "@/lib/errors";
import { uploadVersion } from "@/lib/versions/upload-version";
import { versionOutcome } from "@/lib/versions/version-outcome";
import { receiveUpload } from "@/lib/http/receive-upload";
import { json } from "@/lib/http/respond";
import { withSession } from "@/lib/http/with-session";

/**
 * The document page's "Upload new version" (XHR, for its progress bar): the dashboard upload's
 * limits, the API's use-case, and an answer saying which gates the new page count moved.
 */
export const POST = withSession<{ code: string }>({ can: "documents.write" }, async ({ req, access, params }) => {
  const upload = await receiveUpload(req);
  try {
    if (!upload.file || upload.file.size === 0) throw new ApiError("bad_request", "Choose a PDF to upload as the new version.");
    return json(versionOutcome(await uploadVersion(access, params.code, upload.file)), 201);
  } finally {
    await upload.cleanup();
  }
});
