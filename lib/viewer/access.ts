import type { SharedDocument } from "../links/shared-document";
import { gateActive, readablePagesBeforeGate } from "../rules/gate";
import { agreementFingerprint, createToken, passwordFingerprint, readToken } from "./signed-token";

/** Cookie names and lifetimes of the viewer's grants. */
export const BROWSER_COOKIE = "pw_bid";
export const passwordCookie = (code: string) => `pw_pass_${code}`;
export const gateCookie = (code: string) => `pw_gate_${code}`;
export const agreementCookie = (code: string) => `pw_agree_${code}`;
export const GRANT_TTL_SECONDS = 30 * 86_400;

/** The code a reader opened: the link's, or the document's own short code. Grants and their cookies are per code. */
export const shareCode = (doc: SharedDocument) => doc.link?.code ?? doc.code;

/**
 * A grant says what it grants: its kind, the document, the link ("" for the document's own code),
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
type GateClaims = GrantClaims & { k: "gate"; v: string };
/** `a`: the agreement accepted; a changed agreement is asked again. */
type AgreementClaims = GrantClaims & { k: "agreement"; a: string };

export type ViewerCookies = { browser?: string; password?: string; gate?: string; agreement?: string };

export type Access = {
  /** The password was entered (or there is none). */
  passwordOk: boolean;
  /** The email gate was passed (or there is none). */
  gatePassed: boolean;
  /** The viewer that passed the gate in this browser, if one was recorded. */
  gateViewerId: string | null;
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

/** What this browser may see of a shared document, from its signed cookies. The only place these rules live. */
export function resolveAccess(doc: SharedDocument, cookies: ViewerCookies): Access {
  const fingerprint = passwordFingerprint(doc.passwordHash);
  const grants = (claims: GrantClaims | null, kind: GrantClaims["k"]) =>
    claims !== null &&
    claims.k === kind &&
    claims.d === doc.id &&
    (claims.l ?? "") === linkClaim(doc) &&
    claims.p === fingerprint &&
    !!cookies.browser &&
    claims.b === cookies.browser;
  const password = readToken<GrantClaims>(cookies.password);
  const passwordOk = !doc.passwordHash || grants(password, "password");
  const gate = readToken<GateClaims>(cookies.gate);
  const gateGrant = grants(gate, "gate") && typeof gate?.v === "string" ? gate : null;
  const gatePassed = passwordOk && (!gateActive(doc) || gateGrant !== null);
  const agreement = readToken<AgreementClaims>(cookies.agreement);
  const agreementAccepted =
    !doc.agreement || (passwordOk && grants(agreement, "agreement") && agreement?.a === agreementFingerprint(doc.agreement));
  const readablePages = !passwordOk || !agreementAccepted ? 0 : gatePassed ? doc.pageCount : readablePagesBeforeGate(doc);
  return {
    passwordOk,
    gatePassed,
    gateViewerId: gateGrant?.v || null,
    agreementAccepted,
    agreementDue: passwordOk && !agreementAccepted && (gatePassed || readablePagesBeforeGate(doc) > 0),
    readablePages,
    fullFile: passwordOk && gatePassed && agreementAccepted,
    canDownload: doc.allowDownload && passwordOk && gatePassed && agreementAccepted,
  };
}

const linkClaim = (doc: SharedDocument) => doc.link?.id ?? "";

export const passwordGrant = (doc: SharedDocument, browser: string) =>
  createToken(
    { k: "password", d: doc.id, l: linkClaim(doc), p: passwordFingerprint(doc.passwordHash), b: browser } satisfies GrantClaims,
    GRANT_TTL_SECONDS,
  );

export const gateGrant = (doc: SharedDocument, browser: string, viewerId: string) =>
  createToken(
    { k: "gate", d: doc.id, l: linkClaim(doc), p: passwordFingerprint(doc.passwordHash), b: browser, v: viewerId } satisfies GateClaims,
    GRANT_TTL_SECONDS,
  );

export const agreementGrant = (doc: SharedDocument, browser: string) =>
  createToken(
    {
      k: "agreement",
      d: doc.id,
      l: linkClaim(doc),
      p: passwordFingerprint(doc.passwordHash),
      b: browser,
      a: agreementFingerprint(doc.agreement),
    } satisfies AgreementClaims,
    GRANT_TTL_SECONDS,
  );
