import type { Document, Link } from "../../generated/prisma/client";
import type { RoomContext } from "../../links/shared-document";
import { gateActive, readablePagesBeforeGate } from "../../rules/gate";
import { emailRulesAdmit } from "./email-rules";
import { isFreeEmailDomain } from "./free-email";
import { agreementFingerprint, createToken, passwordFingerprint, readToken } from "./signed-token";

/** Cookie names and lifetimes of the viewer's grants. */
export const BROWSER_COOKIE = "pw_bid";
export const passwordCookie = (code: string) => `pw_pass_${code}`;
export const gateCookie = (code: string) => `pw_gate_${code}`;
export const agreementCookie = (code: string) => `pw_agree_${code}`;
export const GRANT_TTL_SECONDS = 30 * 86_400;

/**
 * What the access rules read: a shared document (its link's or room's rules applied), or a room
 * itself (lib/viewer/rooms/public-room.ts RoomShare), which has no pages of its own.
 */
export type AccessSubject = Pick<
  Document,
  | "id"
  | "code"
  | "pageCount"
  | "previewPageCount"
  | "passwordHash"
  | "emailGate"
  | "gateType"
  | "gatePage"
  | "verifyEmail"
  | "blockFreeEmails"
  | "allowList"
  | "blockList"
  | "agreement"
  | "allowDownload"
> & { link?: Pick<Link, "id" | "code"> | null; room?: RoomContext | null };

/**
 * The code a reader opened: a room's (or room link's) for a room and every document read in it,
 * else the link's, or the document's own short code. Grants and their cookies are per code.
 */
export const shareCode = (subject: AccessSubject) => subject.room?.openedCode ?? subject.link?.code ?? subject.code;

/**
 * What a grant is given for: the room and room link (one grant opens every document of the room,
 * and nothing outside it), else the document and link ("" for the document's own code).
 */
const grantTarget = (subject: AccessSubject) =>
  subject.room ? { d: subject.room.id, l: subject.room.linkId ?? "" } : { d: subject.id, l: subject.link?.id ?? "" };

/**
 * A grant says what it grants: its kind, the document or room, the link ("" for the own code),
 * the password it was given under and the browser it was given to. A value moved to another cookie
 * name, document, link or browser grants nothing.
 */
type GrantClaims = {
  k: "password" | "gate" | "agreement";
  d: string;
  /** Absent from grants issued before links existed: those were all given on a document's own code. */
  l?: string;
  p: string;
  b: string;
};
/**
 * `v`: the viewer recorded; `e`: the email the gate was passed with; `vf`: whether that email was
 * proved with an emailed code. Every request checks `e` and `vf` against the rules as they are
 * then, so blocking a reader (or asking for verification) takes effect on their next request.
 */
type GateClaims = GrantClaims & { k: "gate"; v: string; e?: string; vf?: boolean };
/** `a`: the agreement accepted; a changed agreement is asked again. */
type AgreementClaims = GrantClaims & { k: "agreement"; a: string };

export type ViewerCookies = { browser?: string; password?: string; gate?: string; agreement?: string };

/** The viewer's cookies for one share code, read through whatever holds them (Next's cookie jar, a proxy request). */
export function viewerCookies(code: string, read: (name: string) => string | undefined): ViewerCookies {
  return {
    browser: read(BROWSER_COOKIE),
    password: read(passwordCookie(code)),
    gate: read(gateCookie(code)),
    agreement: read(agreementCookie(code)),
  };
}

export type Access = {
  /**
   * A member of the document's team, signed in, opened the team's link: they see every page, and
   * nothing they do is recorded (no viewer, visit, download or event).
   */
  ownerPreview: boolean;
  /** The password was entered (or there is none). */
  passwordOk: boolean;
  /** The email gate was passed (or there is none). */
  gatePassed: boolean;
  /** The viewer that passed the gate in this browser, if one was recorded. */
  gateViewerId: string | null;
  /** The email the gate was passed with in this browser (null while it stands or when there is none). */
  gateEmail: string | null;
  /** The agreement was accepted (or there is none). Until then no page, file or beacon. */
  agreementAccepted: boolean;
  /** The agreement is what the reader is asked next: after the password and a gate before page 1. */
  agreementDue: boolean;
  /** Pages the browser may receive now: all, or those before the gate. 0 while a password is asked. */
  readablePages: number;
  /** Whether the original file (all pages) may be served. */
  fullFile: boolean;
  canDownload: boolean;
};

/** What the document's signed-in owner gets on their own link. */
const ownerPreviewAccess = (doc: AccessSubject): Access => ({
  ownerPreview: true,
  passwordOk: true,
  gatePassed: true,
  gateViewerId: null,
  gateEmail: null,
  agreementAccepted: true,
  agreementDue: false,
  readablePages: doc.pageCount,
  fullFile: true,
  canDownload: doc.allowDownload,
});

/**
 * What this browser may see of a shared document, from its signed cookies (`teamMember`: the
 * dashboard session's user belongs to the document's team). The only place these rules live.
 */
export function resolveAccess(doc: AccessSubject, cookies: ViewerCookies, teamMember = false): Access {
  if (teamMember) return ownerPreviewAccess(doc);
  const fingerprint = passwordFingerprint(doc.passwordHash);
  const target = grantTarget(doc);
  const grants = (claims: GrantClaims | null, kind: GrantClaims["k"]) =>
    claims !== null &&
    claims.k === kind &&
    claims.d === target.d &&
    (claims.l ?? "") === target.l &&
    claims.p === fingerprint &&
    !!cookies.browser &&
    claims.b === cookies.browser;
  const password = readToken<GrantClaims>(cookies.password);
  const passwordOk = !doc.passwordHash || grants(password, "password");
  const gate = readToken<GateClaims>(cookies.gate);
  const gateGrant = grants(gate, "gate") && typeof gate?.v === "string" && gateRulesAdmit(doc, gate) ? gate : null;
  const gatePassed = passwordOk && (!gateActive(doc) || gateGrant !== null);
  const agreement = readToken<AgreementClaims>(cookies.agreement);
  const agreementAccepted =
    !doc.agreement || (passwordOk && grants(agreement, "agreement") && agreement?.a === agreementFingerprint(doc.agreement));
  const readablePages = !passwordOk || !agreementAccepted ? 0 : gatePassed ? doc.pageCount : readablePagesBeforeGate(doc);
  return {
    ownerPreview: false,
    passwordOk,
    gatePassed,
    gateViewerId: gateGrant?.v || null,
    gateEmail: gateActive(doc) ? (gateGrant?.e ?? null) : null,
    agreementAccepted,
    agreementDue: passwordOk && !agreementAccepted && (gatePassed || readablePagesBeforeGate(doc) > 0),
    readablePages,
    fullFile: passwordOk && gatePassed && agreementAccepted,
    canDownload: doc.allowDownload && passwordOk && gatePassed && agreementAccepted,
  };
}

/**
 * Whether the gate's rules as they are now admit what the grant proved: an email still allowed and
 * not blocked, a work address while free ones are refused, a verified one while verification is on.
 * Grants from before they named their email name none and are asked again.
 */
function gateRulesAdmit(doc: AccessSubject, claims: GateClaims): boolean {
  if (typeof claims.e !== "string") return false;
  if (doc.verifyEmail && claims.vf !== true) return false;
  if (doc.blockFreeEmails && isFreeEmailDomain(claims.e.split("@")[1] ?? "")) return false;
  return emailRulesAdmit(doc, claims.e);
}

/**
 * The document a validly signed grant in these cookies (any kind, bound to this browser) was given
 * for, without the document's current rules: enough to keep a reader who already passed out of the
 * per-document request budgets, which are counted before the document is looked up.
 */
export function grantHolderDocument(cookies: ViewerCookies): string | null {
  if (!cookies.browser) return null;
  for (const token of [cookies.gate, cookies.password, cookies.agreement]) {
    const claims = readToken<GrantClaims>(token);
    if (claims && claims.b === cookies.browser && typeof claims.d === "string") return claims.d;
  }
  return null;
}

export const passwordGrant = (doc: AccessSubject, browser: string) =>
  createToken(
    { k: "password", ...grantTarget(doc), p: passwordFingerprint(doc.passwordHash), b: browser } satisfies GrantClaims,
    GRANT_TTL_SECONDS,
  );

/**
 * What a reader proved at the gate: the email, and whether an emailed code proved it theirs. A
 * room's gate names no viewer (""): each document the reader opens records its own.
 */
export type GatePass = { viewerId: string; email: string; verified: boolean };

export const gateGrant = (doc: AccessSubject, browser: string, pass: GatePass) =>
  createToken(
    {
      k: "gate",
      ...grantTarget(doc),
      p: passwordFingerprint(doc.passwordHash),
      b: browser,
      v: pass.viewerId,
      e: pass.email,
      vf: pass.verified,
    } satisfies GateClaims,
    GRANT_TTL_SECONDS,
  );

export const agreementGrant = (doc: AccessSubject, browser: string) =>
  createToken(
    {
      k: "agreement",
      ...grantTarget(doc),
      p: passwordFingerprint(doc.passwordHash),
      b: browser,
      a: agreementFingerprint(doc.agreement),
    } satisfies AgreementClaims,
    GRANT_TTL_SECONDS,
  );
