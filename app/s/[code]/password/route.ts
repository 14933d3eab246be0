import { BODY_LIMITS } from "@/lib/request/read-body";
import { passwordCookie, passwordGrant } from "@/lib/viewer/access";
import { checkDocumentPassword } from "@/lib/viewer/check-password";
import { browserId, setGrantCookie } from "@/lib/viewer/request-context";
import { withViewerRoute } from "@/lib/http/with-share-link";

/** The password form: issues the password grant cookie. Attempts are limited (lib/viewer/limits.ts). */
export const POST = withViewerRoute(
  "password",
  async ({ doc, body }) => {
    await checkDocumentPassword(doc, body);
    await setGrantCookie(passwordCookie(doc.code), passwordGrant(doc, await browserId()), doc.code);
    return Response.json({ ok: true });
  },
  { maxBody: BODY_LIMITS.viewerForm },
);
