import "server-only";
import { randomBytes } from "node:crypto";
import { cookies } from "next/headers";
import { auth } from "../auth/auth";
import { config } from "../config";
import { membershipIn } from "../teams/team-memberships";
import {
  type AccessSubject,
  BROWSER_COOKIE,
  GRANT_TTL_SECONDS,
  type Access,
  grantHolderDocument,
  resolveAccess,
  shareCode,
  viewerCookies,
} from "../viewer/grants/access";

/** Adapter between Next's cookies and the viewer's domain functions (used by the viewer's routes and pages). */
export async function viewerAccess(doc: AccessSubject & { teamId: string }): Promise<Access> {
  const jar = await cookies();
  return resolveAccess(
    doc,
    viewerCookies(shareCode(doc), (name) => jar.get(name)?.value),
    await teamMemberSignedIn(doc.teamId),
  );
}

// next-auth's session cookie, plain and on https; readers never carry one, so their requests skip the session lookup.
const SESSION_COOKIES = ["authjs.session-token", "__Secure-authjs.session-token"];

/** Whether the dashboard user signed in in this browser belongs to the team: a member opening the team's link is previewing it. */
async function teamMemberSignedIn(teamId: string): Promise<boolean> {
  const jar = await cookies();
  // Large sessions are split into `<name>.0`, `<name>.1`, …
  if (!jar.getAll().some((cookie) => SESSION_COOKIES.some((name) => cookie.name.startsWith(name)))) return false;
  const userId = (await auth())?.user?.id;
  return userId ? (await membershipIn(teamId, userId)) !== null : false;
}

/** The document a grant this browser holds under `code` was given for (lib/viewer/grants/access.ts grantHolderDocument). */
export async function grantHolderOf(code: string): Promise<string | null> {
  const jar = await cookies();
  return grantHolderDocument(viewerCookies(code, (name) => jar.get(name)?.value));
}

// Secure cookies whenever the app is served over https.
const cookieOptions = (maxAge: number, path = "/") =>
  ({ httpOnly: true, sameSite: "lax", secure: config().APP_URL.startsWith("https://"), path, maxAge }) as const;

/** The first-party browser id (set when missing). Route handlers only: pages cannot set cookies. */
export async function browserId(): Promise<string> {
  const jar = await cookies();
  const existing = jar.get(BROWSER_COOKIE)?.value;
  if (existing && /^[A-Za-z0-9_-]{16,64}$/.test(existing)) return existing;
  const id = randomBytes(18).toString("base64url");
  jar.set(BROWSER_COOKIE, id, cookieOptions(365 * 86_400));
  return id;
}

export async function setGrantCookie(name: string, token: string, code: string) {
  (await cookies()).set(name, token, cookieOptions(GRANT_TTL_SECONDS, `/s/${code}`));
}
