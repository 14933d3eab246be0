import { BODY_LIMITS } from "@/lib/request/read-body";
import { agreementCookie, agreementGrant, shareCode } from "@/lib/viewer/access";
import { acceptAgreement } from "@/lib/viewer/agreement";
import { browserId, setGrantCookie } from "@/lib/http/viewer-request-context";
import { withShareLink } from "@/lib/http/with-share-link";

/** "I agree": records the acceptance (once per browser and text, lib/viewer/agreement.ts) and issues the agreement grant cookie. Limited as the gate is. */
export const POST = withShareLink(
  "gate",
  async ({ doc, access, address }) => {
    const browser = await browserId();
    await acceptAgreement(doc, access, browser, address);
    await setGrantCookie(agreementCookie(shareCode(doc)), agreementGrant(doc, browser), shareCode(doc));
    return Response.json({ ok: true });
  },
  { maxBody: BODY_LIMITS.viewerForm },
);
