import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { config } from "../../config";

/**
 * Small signed tokens for the viewer's httpOnly cookies: base64url(JSON) + "." + HMAC-SHA256 with
 * AUTH_SECRET. They carry an expiry and are bound to a document (and to its password).
 */
const sign = (payload: string) => createHmac("sha256", `viewer:${config().AUTH_SECRET}`).update(payload).digest("base64url");

export function createToken(claims: Record<string, unknown>, ttlSeconds: number): string {
  const payload = Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) + ttlSeconds })).toString("base64url");
  return `${payload}.${sign(payload)}`;
}

export function readToken<T extends Record<string, unknown>>(token: string | undefined): T | null {
  if (!token) return null;
  const [payload, signature] = token.split(".");
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(payload));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as T & { exp?: number };
    if (typeof claims.exp !== "number" || claims.exp < Date.now() / 1000) return null;
    return claims;
  } catch {
    return null;
  }
}

/** Changes whenever the password does, so a grant for an old password stops working. */
export const passwordFingerprint = (passwordHash: string | null) =>
  passwordHash ? createHash("sha256").update(passwordHash).digest("base64url").slice(0, 16) : "";

/** Changes whenever the agreement's text does, so an acceptance covers the agreement as it was read. */
export const agreementFingerprint = (agreement: string | null) =>
  agreement ? createHash("sha256").update(agreement).digest("base64url").slice(0, 16) : "";
