import type { z } from "zod";
import type { documentListItemSchema, documentSchema, settingsSchema } from "../schemas/documents";
import type { EventDocument } from "../schemas/events";
import { engagementObject } from "../rules/engagement";
import { apiSettings, SHARING_SETTING_KEYS } from "../schemas/sharing-settings";
import type { Document } from "../generated/prisma/client";
import { apiShortCode, shareUrl, webhookShortCode } from "./short-code";

/** The fields a Document and a list item both begin with, in the contract's order. */
function documentHead(doc: Pick<Document, "id" | "title" | "code" | "pageCount">) {
  return { id: doc.id, title: doc.title, short_code: apiShortCode(doc.code), url: shareUrl(doc.code), page_count: doc.pageCount };
}

/** Exactly the fields of docs/api-contract.md's Document (single-document form). */
export function serializeDocument(doc: Document): z.input<typeof documentSchema> {
  return {
    ...documentHead(doc),
    original_filename: doc.originalFilename,
    created_at: doc.createdAt.toISOString(),
    is_active: doc.isActive,
    settings: serializeSettings(doc),
    version: doc.version,
    source_type: doc.sourceType,
  };
}

export function serializeSettings(doc: Document): z.input<typeof settingsSchema> {
  return apiSettings(doc, SHARING_SETTING_KEYS) as z.input<typeof settingsSchema>;
}

export type DocumentListRow = Pick<
  Document,
  "id" | "title" | "code" | "pageCount" | "views" | "uniqueViewers" | "leadsCount" | "engagementRank"
>;

/** List items carry no original_filename, created_at or is_active (docs/api-contract.md). */
export function serializeListItem(doc: DocumentListRow): z.input<typeof documentListItemSchema> {
  return {
    ...documentHead(doc),
    views: doc.views,
    unique_viewers: doc.uniqueViewers,
    leads_count: doc.leadsCount,
    engagement_summary: engagementObject(doc.engagementRank),
  };
}

/** `data.document` in every webhook event. */
export function eventDocument(doc: Pick<Document, "id" | "title" | "code">): EventDocument {
  return { id: doc.id, title: doc.title, short_code: webhookShortCode(doc.code), url: shareUrl(doc.code) };
}
