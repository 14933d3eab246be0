import { ApiError } from "@/lib/errors";
import { listVersions } from "@/lib/versions/list-versions";
import { serializeVersionChange } from "@/lib/versions/serialize-version-change";
import { uploadVersion } from "@/lib/versions/upload-version";
import { receiveUpload } from "@/lib/http/receive-upload";
import { json } from "@/lib/http/respond";
import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { withApiKey } from "@/lib/http/with-api-key";

export const dynamic = "force-dynamic";

export const GET = withApiKey<{ short_code: string }>({ can: "documents.read" }, async ({ access, params }) =>
  json(await listVersions(access.teamId, params.short_code)),
);

export const POST = withApiKey<{ short_code: string }>({ can: "documents.write" }, async ({ req, access, params }) => {
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
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
