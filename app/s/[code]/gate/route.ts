import { ApiError } from "@/lib/errors";
import { BODY_LIMITS } from "@/lib/request/read-body";
import { gateCookie, gateGrant } from "@/lib/viewer/access";
import { passGate } from "@/lib/viewer/pass-gate";
import { browserId, setGrantCookie } from "@/lib/viewer/request-context";
import { withViewerRoute } from "@/lib/http/with-share-link";

/** The email gate form: records the lead and issues the gate grant cookie. */
export const POST = withViewerRoute(
  "gate",
  async ({ doc, access, body, mayAddViewer }) => {
    if (!access.passwordOk) throw new ApiError("forbidden", "Enter the document's password first.");
    const browser = await browserId();
    const { viewerId } = await passGate(doc, body, browser, mayAddViewer);
    await setGrantCookie(gateCookie(doc.code), gateGrant(doc, browser, viewerId), doc.code);
    return Response.json({ ok: true });
  },
  { maxBody: BODY_LIMITS.viewerForm },
);
