import { db } from "../db/client";
import type { Document, Link } from "../generated/prisma/client";
import { shareUrl } from "../documents/short-code";
import { now } from "../time";
import { overridesInWords } from "../schemas/link-form-settings";
import { linkFigures, NO_FIGURES, type LinkFigures } from "./link-figures";
import { type LinkFilter, resolveLinkFilter } from "./link-filter";
import { isExpired, linkOverrides, sharedDocument, type LinkOverrides } from "./shared-document";

/** One share code of a document: its own short code (the default link) or one of its links. */
export type LinkSummary = {
  /** Null for the document's own short code, its default link. */
  name: string | null;
  code: string;
  url: string;
  isActive: boolean;
  expired: boolean;
  overrides: LinkOverrides;
  /** Which settings it overrides, in words ("Its own downloads; the rest follows the document."); null for the document's own code. */
  rules: string | null;
};

export type LinkRow = LinkSummary & { figures: LinkFigures };

function summaryOf(doc: Document, link: Link | null, at: Date): LinkSummary {
  if (!link) {
    return {
      name: null,
      code: doc.code,
      url: shareUrl(doc.code),
      isActive: doc.isActive,
      expired: isExpired(doc, at),
      overrides: {},
      rules: null,
    };
  }
  return {
    name: link.name,
    code: link.code,
    url: shareUrl(link.code),
    isActive: link.disabledAt === null,
    expired: isExpired(sharedDocument(doc, link), at),
    overrides: linkOverrides(link),
    rules: overridesInWords(Object.keys(linkOverrides(link)), "document"),
  };
}

/** The dashboard's Links section: the document's own link first, then its links newest first, each with its figures. */
export async function documentLinkRows(doc: Document): Promise<{ defaultLink: LinkRow; links: LinkRow[] }> {
  const links = await db.link.findMany({ where: { documentId: doc.id, deletedAt: null }, orderBy: [{ createdAt: "desc" }, { id: "asc" }] });
  const figures = await linkFigures(doc.id, [null, ...links.map((l) => l.id)]);
  const at = now();
  return {
    defaultLink: { ...summaryOf(doc, null, at), figures: figures.get(null) ?? NO_FIGURES },
    links: links.map((link) => ({ ...summaryOf(doc, link, at), figures: figures.get(link.id) ?? NO_FIGURES })),
  };
}

export type LinkDetail = LinkSummary & {
  deleted: boolean;
  /** Its readers meet an email gate, so it can collect leads. */
  collectsLeads: boolean;
  allowsDownload: boolean;
  filter: LinkFilter;
};

/**
 * A link's own dashboard page: the document's link with this code (deleted ones too, their
 * activity stays attributed) or its own short code, with the filter that counts its activity.
 * Anything else is 404 "Link not found", as `?link=` answers.
 */
export async function documentLink(doc: Document, code: string): Promise<LinkDetail> {
  const filter = (await resolveLinkFilter(doc, code)) ?? { linkId: null };
  const link = filter.linkId ? await db.link.findUniqueOrThrow({ where: { id: filter.linkId } }) : null;
  const shared = sharedDocument(doc, link);
  return {
    ...summaryOf(doc, link, now()),
    deleted: Boolean(link?.deletedAt),
    collectsLeads: shared.emailGate && shared.gateType !== "none",
    allowsDownload: shared.allowDownload,
    filter,
  };
}
