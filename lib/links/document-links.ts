import { db } from "../db/client";
import type { Document } from "../generated/prisma/client";
import { shareUrl } from "../documents/short-code";
import { now } from "../time";
import { linkFigures, NO_FIGURES, type LinkFigures } from "./link-figures";
import { isExpired, linkOverrides, sharedDocument, type LinkOverrides } from "./shared-document";

export type LinkRow = {
  /** Null for the document's own short code, its default link. */
  name: string | null;
  code: string;
  url: string;
  isActive: boolean;
  expired: boolean;
  overrides: LinkOverrides;
  figures: LinkFigures;
};

/** The dashboard's Links section: the document's own link first, then its links newest first, each with its figures. */
export async function documentLinkRows(doc: Document): Promise<{ defaultLink: LinkRow; links: LinkRow[] }> {
  const links = await db.link.findMany({ where: { documentId: doc.id, deletedAt: null }, orderBy: [{ createdAt: "desc" }, { id: "asc" }] });
  const figures = await linkFigures(doc.id, [null, ...links.map((l) => l.id)]);
  const at = now();
  return {
    defaultLink: {
      name: null,
      code: doc.code,
      url: shareUrl(doc.code),
      isActive: doc.isActive,
      expired: isExpired(doc, at),
      overrides: {},
      figures: figures.get(null) ?? NO_FIGURES,
    },
    links: links.map((link) => ({
      name: link.name,
      code: link.code,
      url: shareUrl(link.code),
      isActive: link.disabledAt === null,
      expired: isExpired(sharedDocument(doc, link), at),
      overrides: linkOverrides(link),
      figures: figures.get(link.id) ?? NO_FIGURES,
    })),
  };
}
