import { ApiError } from "../api/errors";
import type { DocumentUpdate } from "../api/schemas/documents";
import { hashPassword } from "../auth/password-hash";
import { db } from "../db";
import type { Document, Prisma } from "../generated/prisma/client";
import { storage } from "../storage";
import { previewPagesNeeded } from "./gate";
import { writePreviewFile } from "./preview-file";

/**
 * Applies a partial update. When the gate changes, the preview file is rewritten first under a new
 * key and the old one removed only after the row points at the new one.
 */
export async function updateDocument(doc: Document, update: DocumentUpdate): Promise<Document> {
  if (update.gate_page !== undefined && update.gate_page > doc.pageCount) {
    throw new ApiError(
      "validation_error",
      `gate_page must be between 1 and the page count (${doc.pageCount}); got ${update.gate_page}`,
    );
  }
  const data: Prisma.DocumentUpdateInput = {
    ...(update.title !== undefined && { title: update.title }),
    ...(update.email_gate !== undefined && { emailGate: update.email_gate }),
    ...(update.gate_type !== undefined && { gateType: update.gate_type }),
    ...(update.gate_page !== undefined && { gatePage: update.gate_page }),
    ...(update.allow_download !== undefined && { allowDownload: update.allow_download }),
    ...(update.block_free_emails !== undefined && { blockFreeEmails: update.block_free_emails }),
    ...(update.notifications_enabled !== undefined && { notificationsEnabled: update.notifications_enabled }),
  };
  if (update.password !== undefined) data.passwordHash = update.password === null ? null : await hashPassword(update.password);

  const next = {
    ...doc,
    emailGate: update.email_gate ?? doc.emailGate,
    gateType: update.gate_type ?? doc.gateType,
    gatePage: update.gate_page ?? doc.gatePage,
  };
  const previewChanged = previewPagesNeeded(next) !== doc.previewPageCount;
  const preview = previewChanged ? await writePreviewFile(next) : undefined;
  if (previewChanged) {
    data.previewStorageKey = preview?.key ?? null;
    data.previewPageCount = preview?.pages ?? 0;
  }

  try {
    const updated = await db.document.update({ where: { id: doc.id }, data });
    if (previewChanged && doc.previewStorageKey) await storage().delete(doc.previewStorageKey).catch(() => undefined);
    return updated;
  } catch (error) {
    if (preview) await storage().delete(preview.key).catch(() => undefined);
    throw error;
  }
}
