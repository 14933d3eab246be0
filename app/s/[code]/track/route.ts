import { isbot } from "isbot";
import { ApiError } from "@/lib/api/errors";
import { findPublicDocument } from "@/lib/viewer/find-public-document";
import { ingestBatch } from "@/lib/viewer/ingest-batch";
import { browserId, viewerAccess } from "@/lib/viewer/request-context";
import { BODY_LIMITS } from "@/lib/api/read-body";
import { readJson, viewerError } from "@/lib/viewer/route-helpers";

/** Reading beacons (fetch or navigator.sendBeacon). Bots are answered and never recorded. */
export async function POST(req: Request, { params }: { params: Promise<{ code: string }> }) {
  try {
    if (isbot(req.headers.get("user-agent"))) return new Response(null, { status: 204 });
    const found = await findPublicDocument((await params).code);
    if (found.state !== "active") throw new ApiError("not_found", "This document is not available.");
    const access = await viewerAccess(found.doc);
    if (!access.passwordOk) throw new ApiError("forbidden", "Enter the document's password first.");
    const result = await ingestBatch(found.doc, access, await browserId(), await readJson(req, BODY_LIMITS.track));
    return Response.json(result);
  } catch (error) {
    return viewerError(error);
  }
}
