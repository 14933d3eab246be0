import { BODY_LIMITS } from "@/lib/request/read-body";
import { type Access, agreementCookie, agreementGrant, shareCode } from "@/lib/viewer/grants/access";
import { acceptAgreement } from "@/lib/viewer/grants/agreement";
import { browserId, setGrantCookie } from "@/lib/http/viewer-request-context";
import { withShareLink } from "@/lib/http/with-share-link";

type Agreed = Parameters<typeof acceptAgreement>[0];

/** "I agree" (a document's or a room's): records the acceptance (once per browser and text, lib/viewer/grants/agreement.ts) and issues the agreement grant cookie. Limited as the gate is. */
async function agree(subject: Agreed, access: Access, address: string): Promise<Response> {
  const browser = await browserId();
  await acceptAgreement(subject, access, browser, address);
  await setGrantCookie(agreementCookie(shareCode(subject)), agreementGrant(subject, browser), shareCode(subject));
  return Response.json({ ok: true });
}

export const POST = withShareLink("gate", ({ doc, access, address }) => agree(doc, access, address), {
  maxBody: BODY_LIMITS.viewerForm,
  room: ({ share, access, address }) => agree(share, access, address),
});
