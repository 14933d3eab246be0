import type { AuditActor } from "../audit/record-audit";
import type { Document } from "../generated/prisma/client";
import type { DocumentUpdate } from "../schemas/documents";
import { updateDocument } from "../documents/update-document";
import { db } from "../db/client";
import { updateLink } from "./update-link";
import { linkOverrides, ownsPreview } from "./shared-document";

/**
 * Changes a document's settings, the one entry for the API's PATCH and the dashboard's form. It
 * lives with links, not documents, because the document's settings are every link's defaults: a
 * link that shows its own preview gets one that fits its gate again (a link overriding only
 * `email_gate` takes its free pages from the document's).
 */
export async function changeDocumentSettings(by: AuditActor, doc: Document, update: DocumentUpdate): Promise<Document> {
  const updated = await updateDocument(by, doc, update);
  const links = await db.link.findMany({ where: { documentId: updated.id, deletedAt: null } });
  for (const link of links) {
    // A new preview follows the document's change, which is what the audit log records.
    if (ownsPreview(linkOverrides(link))) await updateLink(null, { ...link, document: updated }, { settings: {} });
  }
  return updated;
}
