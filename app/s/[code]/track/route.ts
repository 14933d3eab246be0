import { isbot } from "isbot";
import { ApiError } from "@/lib/errors";
import { BODY_LIMITS } from "@/lib/request/read-body";
import { ingestBatch } from "@/lib/viewer/tracking/ingest-batch";
import { newViewerLimit } from "@/lib/viewer/doors/limits";
import { browserId } from "@/lib/http/viewer-request-context";
import { withShareLink } from "@/lib/http/with-share-link";

/**
 * Reading beacons (fetch or navigator.sendBeacon): answered once durably appended; the roll-up applies
 * them within seconds. Bots and the owner previewing are answered and never recorded.
 */
export const POST = withShareLink(
  "track",
  async ({ req, doc, access, body, address }) => {
    const userAgent = req.headers.get("user-agent");
    if (isbot(userAgent)) return new Response(null, { status: 204 });
    if (!access.passwordOk) throw new ApiError("forbidden", "Enter the document's password first.");
    if (!access.agreementAccepted) throw new ApiError("forbidden", "Accept the agreement first.");
    // The owner previewing their own link is not a reader.
    if (access.ownerPreview) return Response.json({ visit_id: null, applied: false, version: doc.version });
    const { visit_id, applied, version } = await ingestBatch(
      doc,
      access,
      await browserId(),
      body,
      newViewerLimit(doc.id, address),
      userAgent,
    );
    return Response.json({ visit_id, applied, version });
  },
  { maxBody: BODY_LIMITS.track },
);
