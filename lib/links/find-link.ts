import { notFound } from "../errors";
import { db } from "../db/client";
import type { Document, Link } from "../generated/prisma/client";
import { parseShortCode } from "../documents/short-code";

export type OwnedLink = Link & { document: Document };

/** The team's link by code (`<code>` or `s-<code>`); 404 for a deleted link, a deleted document or another team's link. */
export async function findOwnedLink(teamId: string, value: string): Promise<OwnedLink> {
  const code = parseShortCode(value);
  const link = code ? await db.link.findUnique({ where: { code }, include: { document: true } }) : null;
  if (!link || link.deletedAt || link.document.teamId !== teamId || link.document.deletedAt) throw notFound("Link");
  return link;
}
