import { cache } from "react";
import { db } from "../db/client";
import type { Document, Link } from "../generated/prisma/client";
import { parseShortCode } from "../documents/short-code";
import { isExpired, sharedDocument, type SharedDocument } from "../links/shared-document";
import { now } from "../time";

/**
 * What a share code opens: a readable document (its own short code or a link, with the link's
 * overrides applied), a deleted document or link ("gone": 410), an expired one (410), a disabled
 * link (404, like an unknown code) or nothing (404). Nothing else is revealed.
 */
export type PublicDocument =
  { state: "active"; doc: SharedDocument } | { state: "gone" } | { state: "expired" } | { state: "disabled" } | { state: "missing" };

/** The state of the document (and link, when the code is a link's) found for a share code at `at`. */
export function publicDocument(doc: Document | null, link: Link | null, at: Date): PublicDocument {
  if (!doc) return { state: "missing" };
  if (doc.deletedAt || link?.deletedAt) return { state: "gone" };
  if (link?.disabledAt) return { state: "disabled" };
  const shared = sharedDocument(doc, link);
  return isExpired(shared, at) ? { state: "expired" } : { state: "active", doc: shared };
}

/** A share code's canonical form, or null when it cannot be one (`s-` codes belong to the API). */
export const parseShareCode = (code: string) => (code.startsWith("s-") ? null : parseShortCode(code));

/**
 * A share code's document: a document's own code first, else a link's. Looked up once per request
 * however many parts of the page ask (metadata and page).
 */
export const findPublicDocument = cache(async (code: string): Promise<PublicDocument> => {
  const parsed = parseShareCode(code);
  if (!parsed) return { state: "missing" };
  const doc = await db.document.findUnique({ where: { code: parsed } });
  if (doc) return publicDocument(doc, null, now());
  const link = await db.link.findUnique({ where: { code: parsed }, include: { document: true } });
  if (!link) return { state: "missing" };
  const { document, ...row } = link;
  return publicDocument(document, row, now());
});
