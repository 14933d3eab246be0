import { BODY_LIMITS } from "@/lib/request/read-body";
import { passwordCookie, passwordGrant, shareCode } from "@/lib/viewer/access";
import { tryDocumentPassword } from "@/lib/viewer/password-attempts";
import { browserId, setGrantCookie } from "@/lib/http/viewer-request-context";
import { withShareLink } from "@/lib/http/with-share-link";

/** The password form: issues the password grant cookie. Wrong guesses are slowed (lib/viewer/password-attempts.ts). */
export const POST = withShareLink(
  "password",
  async ({ doc, body, address }) => {
    await tryDocumentPassword(doc, body, address);
    await setGrantCookie(passwordCookie(shareCode(doc)), passwordGrant(doc, await browserId()), shareCode(doc));
    return Response.json({ ok: true });
  },
  { maxBody: BODY_LIMITS.viewerForm },
);
