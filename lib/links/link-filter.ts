import { notFound } from "../errors";
import { db } from "../db/client";
import type { Document } from "../generated/prisma/client";
import { parseShortCode } from "../documents/short-code";

/** Which share code's activity to count: a link's id, or null for the document's own short code. */
export type LinkFilter = { linkId: string | null };

/**
 * `?link=` of a document's stats, viewers and leads: one of its links (deleted ones too: their
 * activity stays attributed) or its own short code. Anything else, another document's link
 * included, is 404 "Link not found".
 */
export async function resolveLinkFilter(doc: Document, value: string | undefined): Promise<LinkFilter | undefined> {
  if (value === undefined || value === "") return undefined;
  const code = parseShortCode(value);
  if (code === doc.code) return { linkId: null };
  const link = code ? await db.link.findUnique({ where: { code }, select: { id: true, documentId: true } }) : null;
  if (!link || link.documentId !== doc.id) throw notFound("Link");
  return { linkId: link.id };
}
