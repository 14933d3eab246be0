import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "../../config";
import { parseShareCode } from "../../documents/short-code";
import type { PublicDocument } from "./find-public-document";

/**
 * The proxy looks a share code up at the page's door (open-door.ts) and hands what it found to the
 * page in this request header, so a page view resolves its code once. Signed with AUTH_SECRET and
 * bound to the code: a request that reaches the page without the proxy cannot bring its own.
 */
export const SHARE_CODE_FOUND_HEADER = "x-pagewise-share-code-found";
/** Proxy and page run within one request; an older hand-over is looked up afresh. */
const VALID_MS = 60_000;

const sign = (payload: string) => createHmac("sha256", `share-code-found:${config().AUTH_SECRET}`).update(payload).digest("base64url");

type Sealed = { code: string; exp: number; found: PublicDocument };

/** JSON has no dates or big integers: they travel tagged, and come back as they were. */
function toJson(this: Record<string, unknown>, key: string, value: unknown) {
  const raw = this[key];
  if (raw instanceof Date) return { $date: raw.toISOString() };
  if (typeof raw === "bigint") return { $bigint: raw.toString() };
  return value;
}

function fromJson(_key: string, value: unknown) {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const tagged = value as { $date?: unknown; $bigint?: unknown };
    if (typeof tagged.$date === "string" && Object.keys(value).length === 1) return new Date(tagged.$date);
    if (typeof tagged.$bigint === "string" && Object.keys(value).length === 1) return BigInt(tagged.$bigint);
  }
  return value;
}

/** The header's value for what the lookup of `code` (its canonical form) found. */
export function handOverFound(code: string, found: PublicDocument, at = Date.now()): string {
  const sealed: Sealed = { code, exp: at + VALID_MS, found };
  const payload = Buffer.from(JSON.stringify(sealed, toJson)).toString("base64url");
  return `${payload}.${sign(payload)}`;
}

/** What the proxy found for `code`, or null without a valid hand-over for that code. */
export function receiveFound(code: string, value: string | null, at = Date.now()): PublicDocument | null {
  const [payload, signature] = value?.split(".") ?? [];
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(payload));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  const sealed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"), fromJson) as Sealed;
  return sealed.code === code && sealed.exp > at ? sealed.found : null;
}

/** The hand-over's key for a room document's page: both codes, canonical. */
export function roomDocumentKey(roomCode: string, documentCode: string): string | null {
  const room = parseShareCode(roomCode);
  const document = parseShareCode(documentCode);
  return room && document ? `${room}/${document}` : null;
}
