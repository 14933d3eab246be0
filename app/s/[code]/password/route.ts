import { BODY_LIMITS } from "@/lib/request/read-body";
import { type AccessSubject, passwordCookie, passwordGrant, shareCode } from "@/lib/viewer/grants/access";
import { tryDocumentPassword } from "@/lib/viewer/grants/password-attempts";
import { browserId, setGrantCookie } from "@/lib/http/viewer-request-context";
import { withShareLink } from "@/lib/http/with-share-link";

/** The password form (a document's or a room's): issues the password grant cookie. Wrong guesses are slowed (lib/viewer/grants/password-attempts.ts). */
async function unlock(subject: AccessSubject, body: unknown, address: string): Promise<Response> {
  await tryDocumentPassword(subject, body, address);
  await setGrantCookie(passwordCookie(shareCode(subject)), passwordGrant(subject, await browserId()), shareCode(subject));
  return Response.json({ ok: true });
}

export const POST = withShareLink("password", ({ doc, body, address }) => unlock(doc, body, address), {
  maxBody: BODY_LIMITS.viewerForm,
  room: ({ share, body, address }) => unlock(share, body, address),
});
