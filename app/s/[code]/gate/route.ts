import { ApiError } from "@/lib/errors";
import { BODY_LIMITS } from "@/lib/request/read-body";
import { gateCookie, gateGrant, shareCode } from "@/lib/viewer/grants/access";
import { passGate } from "@/lib/viewer/grants/pass-gate";
import { passRoomGate } from "@/lib/viewer/grants/pass-room-gate";
import { sendVerificationCode } from "@/lib/viewer/grants/verify-email";
import { browserId, setGrantCookie } from "@/lib/http/viewer-request-context";
import { withShareLink } from "@/lib/http/with-share-link";

/**
 * The email gate form: records the lead and issues the gate grant cookie. When the document (or
 * room) verifies emails it only sends a code (202); `/s/<code>/verify` passes the gate with it. A
 * room's gate records the room's lead; one grant then opens every document of the room.
 */
export const POST = withShareLink(
  "gate",
  async ({ doc, access, body, address }) => {
    if (!access.passwordOk) throw new ApiError("forbidden", "Enter the document's password first.");
    const browser = await browserId();
    if (doc.verifyEmail)
      return Response.json({ code_sent: true, ...(await sendVerificationCode(doc, body, browser, address)) }, { status: 202 });
    const { viewerId, email } = await passGate(doc, body, browser, address);
    await setGrantCookie(gateCookie(shareCode(doc)), gateGrant(doc, browser, { viewerId, email, verified: false }), shareCode(doc));
    return Response.json({ ok: true });
  },
  {
    maxBody: BODY_LIMITS.viewerForm,
    room: async ({ share, access, body, address }) => {
      if (!access.passwordOk) throw new ApiError("forbidden", "Enter the room's password first.");
      const browser = await browserId();
      if (share.verifyEmail)
        return Response.json({ code_sent: true, ...(await sendVerificationCode(share, body, browser, address)) }, { status: 202 });
      const { email } = await passRoomGate(share, body, address);
      await setGrantCookie(
        gateCookie(shareCode(share)),
        gateGrant(share, browser, { viewerId: "", email, verified: false }),
        shareCode(share),
      );
      return Response.json({ ok: true });
    },
  },
);
