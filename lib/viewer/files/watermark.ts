import { createHash } from "node:crypto";
import type { Document } from "../../generated/prisma/client";
import { now } from "../../time";
import type { Access } from "../grants/access";

/** What `{email}` reads before the reader has given one (no gate, or not passed yet). */
export const ANONYMOUS_READER = "anonymous";

export type WatermarkValues = { email: string; date: string; ip: string };

/** The template with its fields filled; an unknown field stays as written (the API refuses them anyway). */
export function fillWatermark(template: string, values: WatermarkValues): string {
  return template.replace(/\{(email|date|ip)\}/g, (_, field: keyof WatermarkValues) => values[field]);
}

/**
 * The watermark this reader sees, filled on the server: `{email}` the email of the gate grant this
 * browser holds (checked against the rules on this very request), `{date}` the day of reading in
 * UTC, `{ip}` the client address as limits count it. Null when the document (or its link) sets none.
 */
export function readerWatermark(doc: Pick<Document, "watermark">, access: Pick<Access, "gateEmail">, address: string): string | null {
  if (!doc.watermark) return null;
  return fillWatermark(doc.watermark, { email: access.gateEmail ?? ANONYMOUS_READER, date: now().toISOString().slice(0, 10), ip: address });
}

/**
 * A short name for a filled watermark, in a page image's ETag and URL: two readers' marks, or one
 * reader's before and after the gate, name differently. Hashed: the text holds an email and an address.
 */
export function watermarkDigest(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}
