import type { Document } from "../generated/prisma/client";
import { gateActive, readablePagesBeforeGate } from "../documents/gate";
import { createToken, passwordFingerprint, readToken } from "./signed-token";

/** Cookie names and lifetimes of the viewer's grants. */
export const BROWSER_COOKIE = "pw_bid";
export const passwordCookie = (code: string) => `pw_pass_${code}`;
export const gateCookie = (code: string) => `pw_gate_${code}`;
export const GRANT_TTL_SECONDS = 30 * 86_400;

type PasswordClaims = { d: string; p: string };
type GateClaims = { d: string; p: string; v: string };

export type Access = {
  /** The password was entered (or there is none). */
  passwordOk: boolean;
  /** The email gate was passed (or there is none). */
  gatePassed: boolean;
  /** The viewer that passed the gate in this browser, if any. */
  gateViewerId: string | null;
  /** Pages the browser may receive now: all, or those before the gate. 0 while a password is asked. */
  readablePages: number;
  /** Whether the original file (all pages) may be served. */
  fullFile: boolean;
  canDownload: boolean;
};

/** What this browser may see of a document, from its signed cookies. The only place these rules live. */
export function resolveAccess(doc: Document, cookies: { password?: string; gate?: string }): Access {
  const fingerprint = passwordFingerprint(doc.passwordHash);
  const password = readToken<PasswordClaims>(cookies.password);
  const passwordOk = !doc.passwordHash || (password?.d === doc.id && password.p === fingerprint);
  const gate = readToken<GateClaims>(cookies.gate);
  const gateGrant = gate?.d === doc.id && gate.p === fingerprint ? gate : null;
  const gatePassed = passwordOk && (!gateActive(doc) || gateGrant !== null);
  const readablePages = !passwordOk ? 0 : gatePassed ? doc.pageCount : readablePagesBeforeGate(doc);
  return {
    passwordOk,
    gatePassed,
    gateViewerId: gateGrant?.v ?? null,
    readablePages,
    fullFile: passwordOk && gatePassed,
    canDownload: doc.allowDownload && passwordOk && gatePassed,
  };
}

export const passwordGrant = (doc: Document) =>
  createToken({ d: doc.id, p: passwordFingerprint(doc.passwordHash) } satisfies PasswordClaims, GRANT_TTL_SECONDS);

export const gateGrant = (doc: Document, viewerId: string) =>
  createToken({ d: doc.id, p: passwordFingerprint(doc.passwordHash), v: viewerId } satisfies GateClaims, GRANT_TTL_SECONDS);
