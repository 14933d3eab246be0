import { ApiError } from "@/lib/errors";
import { BODY_LIMITS } from "@/lib/request/read-body";
import { gateCookie, gateGrant, shareCode } from "@/lib/viewer/grants/access";
import { passGate } from "@/lib/viewer/grants/pass-gate";
import { passRoomGate } from "@/lib/viewer/grants/pass-room-gate";
import { browserId, setGrantCookie } from "@/lib/http/viewer-request-context";
import { checkVerificationCode, markLeadVerified } from "@/lib/viewer/grants/verify-email";
import { withShareLink } from "@/lib/http/with-share-link";

/** The emailed code (verify_email): passes the gate as the gate form does, with the lead and the grant marked verified. */
export const POST = withShareLink(
  "gate",
  async ({ doc, access, body, address }) => {
    if (!access.passwordOk) throw new ApiError("forbidden", "Enter the document's password first.");
    if (!doc.verifyEmail) throw new ApiError("not_found", "This document does not ask for a code.");
    const browser = await browserId();
    const reader = await checkVerificationCode(doc, body, browser);
    const { viewerId, email } = await passGate(doc, reader, browser, address);
    await markLeadVerified(doc, email);
    await setGrantCookie(gateCookie(shareCode(doc)), gateGrant(doc, browser, { viewerId, email, verified: true }), shareCode(doc));
    return Response.json({ ok: true });
  },
  {
    maxBody: BODY_LIMITS.viewerForm,
    room: async ({ share, access, body, address }) => {
      if (!access.passwordOk) throw new ApiError("forbidden", "Enter the room's password first.");
      if (!share.verifyEmail) throw new ApiError("not_found", "This room does not ask for a code.");
      const browser = await browserId();
      const reader = await checkVerificationCode(share, body, browser);
      const { email } = await passRoomGate(share, reader, address, true);
      await setGrantCookie(
        gateCookie(shareCode(share)),
        gateGrant(share, browser, { viewerId: "", email, verified: true }),
        shareCode(share),
      );
      return Response.json({ ok: true });
    },
  },
);
