import { BODY_LIMITS } from "@/lib/request/read-body";
import { passwordCookie, passwordGrant, shareCode } from "@/lib/viewer/access";
import { checkDocumentPassword } from "@/lib/viewer/check-password";
import { browserId, setGrantCookie } from "@/lib/viewer/request-context";
import { withShareLink } from "@/lib/http/with-share-link";

/** The password form: issues the password grant cookie. Attempts are limited (lib/viewer/limits.ts). */
export const POST = withShareLink(
  "password",
  async ({ doc, body }) => {
    await checkDocumentPassword(doc, body);
    await setGrantCookie(passwordCookie(shareCode(doc)), passwordGrant(doc, await browserId()), shareCode(doc));
    return Response.json({ ok: true });
  },
  { maxBody: BODY_LIMITS.viewerForm },
);
