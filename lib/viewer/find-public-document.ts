import { cache } from "react";
import { db } from "../db/client";
import type { Document } from "../generated/prisma/client";
import { parseShortCode } from "../documents/short-code";

export type PublicDocument = { state: "active"; doc: Document } | { state: "gone" } | { state: "missing" };

/**
 * A link's document: active, deleted ("gone": 410) or unknown (404). Nothing else is revealed.
 * Looked up once per request however many parts of the page ask (metadata and page).
 */
export const findPublicDocument = cache(async (code: string): Promise<PublicDocument> => {
  const parsed = parseShortCode(code);
  if (!parsed || code.startsWith("s-")) return { state: "missing" };
  const doc = await db.document.findUnique({ where: { code: parsed } });
  if (!doc) return { state: "missing" };
  return doc.deletedAt ? { state: "gone" } : { state: "active", doc };
});
