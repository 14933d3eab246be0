import { notFound } from "../errors";
import { db } from "../db/client";
import type { Document } from "../generated/prisma/client";
import { parseShortCode } from "./short-code";

/** The owner's active document by `s-<code>` or `<code>`; 404 for anything else, including another account's. */
export async function findOwnedDocument(ownerId: string, shortCode: string): Promise<Document> {
  const code = parseShortCode(shortCode);
  const doc = code ? await db.document.findUnique({ where: { code } }) : null;
  if (!doc || doc.ownerId !== ownerId || doc.deletedAt) throw notFound();
  return doc;
}
