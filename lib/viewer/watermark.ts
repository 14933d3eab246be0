import { db } from "../db/client";
import type { Document } from "../generated/prisma/client";
import { now } from "../time";
import type { Access } from "./access";

/** What `{email}` reads before the reader has given one (no gate, or not passed yet). */
export const ANONYMOUS_READER = "anonymous";

export type WatermarkValues = { email: string; date: string; ip: string };

/** The template with its fields filled; an unknown field stays as written (the API refuses them anyway). */
export function fillWatermark(template: string, values: WatermarkValues): string {
  return template.replace(/\{(email|date|ip)\}/g, (_, field: keyof WatermarkValues) => values[field]);
}

/**
 * The watermark this reader sees, filled on the server: `{email}` from the gate grant (the viewer
 * who passed the gate in this browser), `{date}` the day of reading in UTC, `{ip}` the client
 * address as limits count it. Null when the document (or its link) sets none.
 */
export async function readerWatermark(doc: Pick<Document, "id" | "watermark">, access: Access, address: string): Promise<string | null> {
  if (!doc.watermark) return null;
  const viewer = access.gateViewerId
    ? await db.viewer.findUnique({ where: { id: access.gateViewerId }, select: { email: true, documentId: true } })
    : null;
  const email = viewer?.documentId === doc.id && viewer.email ? viewer.email : ANONYMOUS_READER;
  return fillWatermark(doc.watermark, { email, date: now().toISOString().slice(0, 10), ip: address });
}
