import {
  MAX_AGREEMENT_LENGTH,
  MAX_LIST_ENTRIES,
  MAX_WATERMARK_LENGTH,
  normalizeListEntry,
  WATERMARK_FIELDS,
} from "../schemas/access-rules";

/**
 * The access rules as the owner types them (a date and time, one email or domain per line,
 * free text) read into the API's shape (docs/api-contract.md's `expires_at`, `allow`, `block`,
 * `watermark`, `agreement`), with problems in the owner's words. The API validates again.
 */
export type InputReading<T> = { ok: true; value: T } | { ok: false; message: string };

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/** An expiry as the form holds it: the instant itself (the browser shows it on the owner's clock); "" for none. */
export const expiryToInput = (iso: string | null) => iso ?? "";

/**
 * The expiry the form posts: an ISO instant (the browser turned the owner's local time into it),
 * or a date and time without a zone, read as UTC. Null when empty (never expires).
 */
export function readExpiry(raw: string): InputReading<string | null> {
  const text = raw.trim();
  if (!text) return { ok: true, value: null };
  const at = DATE_TIME.test(text) ? new Date(/(Z|[+-]\d{2}:\d{2})$/.test(text) ? text : `${text}Z`) : null;
  if (!at || Number.isNaN(at.getTime())) {
    return { ok: false, message: "Enter a date and time like 2026-12-31 23:59, or leave it empty for no expiry" };
  }
  return { ok: true, value: at.toISOString() };
}

/** The entries typed, one per line (commas also separate), blanks ignored. */
export const listEntries = (raw: string) =>
  raw
    .split(/[\n,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);

/** Emails and domains, normalized and without repeats, at most MAX_LIST_ENTRIES. */
export function readEmailList(raw: string): InputReading<string[]> {
  const entries = listEntries(raw);
  const wrong = entries.filter((entry) => normalizeListEntry(entry) === null);
  if (wrong.length > 0) {
    const more = wrong.length > 1 ? ` (and ${wrong.length - 1} more)` : "";
    return {
      ok: false,
      message: `“${wrong[0]!.slice(0, 100)}”${more} is not an email or a domain; write one like jane@acme.com or acme.com per line`,
    };
  }
  const value = [...new Set(entries.map((entry) => normalizeListEntry(entry)!))];
  if (value.length > MAX_LIST_ENTRIES) {
    return { ok: false, message: `Keep the list to ${MAX_LIST_ENTRIES} entries (it has ${value.length})` };
  }
  return { ok: true, value };
}

/** The watermark template; empty: none. Only the fields the viewer fills are allowed. */
export function readWatermark(raw: string): InputReading<string | null> {
  const text = raw.trim();
  if (!text) return { ok: true, value: null };
  if (text.length > MAX_WATERMARK_LENGTH) {
    return { ok: false, message: `Shorten the watermark to ${MAX_WATERMARK_LENGTH} characters (it has ${text.length})` };
  }
  const unknown = [...text.matchAll(/\{([^}]*)\}/g)]
    .map((m) => m[1]!)
    .find((field) => !(WATERMARK_FIELDS as readonly string[]).includes(field));
  if (unknown !== undefined) return { ok: false, message: `{${unknown}} is not a field; use {email}, {date} or {ip}` };
  return { ok: true, value: text };
}

/** The agreement: text, or one https:// address of it; empty: none. */
export function readAgreement(raw: string): InputReading<string | null> {
  const text = raw.trim();
  if (!text) return { ok: true, value: null };
  if (text.length > MAX_AGREEMENT_LENGTH) {
    return {
      ok: false,
      message: `Shorten the agreement to ${MAX_AGREEMENT_LENGTH.toLocaleString("en")} characters (it has ${text.length.toLocaleString("en")})`,
    };
  }
  if (/^https?:\/\//i.test(text) && !/^https:\/\/\S+$/i.test(text)) {
    return { ok: false, message: "Give the agreement as one https:// address, or paste its text" };
  }
  return { ok: true, value: text };
}
