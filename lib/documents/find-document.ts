import { notFound } from "../errors";
import { db } from "../db/client";
import type { Document } from "../generated/prisma/client";
import { parseShortCode } from "./short-code";

/** The team's active document by `s-<code>` or `<code>`; 404 for anything else, including another team's. */
export async function findOwnedDocument(teamId: string, shortCode: string): Promise<Document> {
  const code = parseShortCode(shortCode);
  const doc = code ? await db.document.findUnique({ where: { code } }) : null;
  if (!doc || doc.teamId !== teamId || doc.deletedAt) throw notFound();
  return doc;
}
