import { ApiError } from "@/lib/api/errors";
import { gateGrant, gateCookie } from "@/lib/viewer/access";
import { findPublicDocument } from "@/lib/viewer/find-public-document";
import { passGate } from "@/lib/viewer/pass-gate";
import { browserId, setGrantCookie, viewerAccess } from "@/lib/viewer/request-context";
import { BODY_LIMITS } from "@/lib/api/read-body";
import { readJson, viewerError } from "@/lib/viewer/route-helpers";

/** The email gate form: records the lead and issues the gate grant cookie. */
export async function POST(req: Request, { params }: { params: Promise<{ code: string }> }) {
  try {
    const found = await findPublicDocument((await params).code);
    if (found.state !== "active") throw new ApiError("not_found", "This document is not available.");
    const { doc } = found;
    const access = await viewerAccess(doc);
    if (!access.passwordOk) throw new ApiError("forbidden", "Enter the document's password first.");
    const browser = await browserId();
    const { viewerId } = await passGate(doc, await readJson(req, BODY_LIMITS.viewerForm), browser);
    await setGrantCookie(gateCookie(doc.code), gateGrant(doc, browser, viewerId), doc.code);
    return Response.json({ ok: true });
  } catch (error) {
    return viewerError(error);
  }
}
