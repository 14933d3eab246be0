import type { z } from "zod";
import type { Document, Link } from "../generated/prisma/client";
import { apiShortCode, shareUrl } from "../documents/short-code";
import type { linkSchema, linkSettingsSchema } from "../schemas/links";
import { apiSettings, LINK_SETTING_KEYS } from "../schemas/sharing-settings";
import { linkOverrides, sharedDocument } from "./shared-document";
import type { LinkFigures } from "./link-figures";

/** The effective settings of a share code in the API's shape (the document's own code: link null). */
export function serializeLinkSettings(doc: Document, link: Link | null): z.input<typeof linkSettingsSchema> {
  return apiSettings(sharedDocument(doc, link), LINK_SETTING_KEYS) as z.input<typeof linkSettingsSchema>;
}

/** The Link object of the API (lib/schemas/links.ts). */
export function serializeLink(link: Link, doc: Document, stats: LinkFigures): z.input<typeof linkSchema> {
  const overrides = linkOverrides(link);
  return {
    code: link.code,
    url: shareUrl(link.code),
    name: link.name,
    is_active: link.disabledAt === null,
    document: { short_code: apiShortCode(doc.code), title: doc.title },
    settings: serializeLinkSettings(doc, link),
    overrides: LINK_SETTING_KEYS.filter((key) => key in overrides),
    stats,
    created_at: link.createdAt.toISOString(),
    updated_at: link.updatedAt.toISOString(),
  };
}
