import { ApiError } from "../errors";
import type { DocumentUpdate } from "../schemas/documents";
import { hashPassword } from "../credentials/password-hash";
import { config } from "../config";
import { db } from "../db/client";
import type { Document, Prisma } from "../generated/prisma/client";
import { storage } from "../storage";
import { previewPagesNeeded } from "../rules/gate";
import { rebuildPreview } from "./preview-file";
import { assertCanVerifyEmails } from "./verify-needs-mail";

/**
 * Applies a partial update. Updates of one document are serialized (a transaction-scoped advisory
 * lock), each reading the settings afresh under it, so concurrent PATCHes cannot leave a preview
 * that does not match the stored gate. When the gate changes, the preview is rebuilt under a new
 * key and the old one removed only after the row points at the new one.
 */
export async function updateDocument(doc: Document, update: DocumentUpdate): Promise<Document> {
  assertCanVerifyEmails(update.verify_email);
  if (update.gate_page !== undefined && update.gate_page > doc.pageCount) {
    throw new ApiError("validation_error", `gate_page must be between 1 and the page count (${doc.pageCount}); got ${update.gate_page}`);
  }
  const passwordHash = update.password === undefined ? undefined : update.password === null ? null : await hashPassword(update.password);
  let created: string | null = null;
  let replaced: string | null = null;
  try {
    const updated = await db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`document-settings:${doc.id}`}, 0))`;
        const current = await tx.document.findUniqueOrThrow({ where: { id: doc.id } });
        const data: Prisma.DocumentUpdateInput = {
          ...(update.title !== undefined && { title: update.title }),
          ...(update.email_gate !== undefined && { emailGate: update.email_gate }),
          ...(update.gate_type !== undefined && { gateType: update.gate_type }),
          ...(update.gate_page !== undefined && { gatePage: update.gate_page }),
          ...(update.allow_download !== undefined && { allowDownload: update.allow_download }),
          ...(update.block_free_emails !== undefined && { blockFreeEmails: update.block_free_emails }),
          ...(update.notifications_enabled !== undefined && { notificationsEnabled: update.notifications_enabled }),
          ...(passwordHash !== undefined && { passwordHash }),
          ...(update.expires_at !== undefined && { expiresAt: update.expires_at === null ? null : new Date(update.expires_at) }),
          ...(update.verify_email !== undefined && { verifyEmail: update.verify_email }),
          ...(update.allow !== undefined && { allowList: update.allow }),
          ...(update.block !== undefined && { blockList: update.block }),
          ...(update.watermark !== undefined && { watermark: update.watermark }),
          ...(update.agreement !== undefined && { agreement: update.agreement }),
        };
        const next = {
          ...current,
          emailGate: update.email_gate ?? current.emailGate,
          gateType: update.gate_type ?? current.gateType,
          gatePage: update.gate_page ?? current.gatePage,
        };
        if (previewPagesNeeded(next) !== current.previewPageCount) {
          const { preview } =
            previewPagesNeeded(next) > 0
              ? await rebuildPreview(current, { emailGate: next.emailGate, gateType: next.gateType, gatePage: next.gatePage })
              : { preview: null };
          created = preview?.key ?? null;
          replaced = current.previewStorageKey;
          data.previewStorageKey = preview?.key ?? null;
          data.previewPageCount = preview?.pages ?? 0;
        }
        return tx.document.update({ where: { id: doc.id }, data });
      },
      // Rebuilding a preview runs inside: give it the PDF worker's time limit.
      { timeout: (config().PDF_WORKER_TIMEOUT_SECONDS + 30) * 1000, maxWait: 30_000 },
    );
    if (replaced)
      await storage()
        .delete(replaced)
        .catch(() => undefined);
    return updated;
  } catch (error) {
    if (created)
      await storage()
        .delete(created)
        .catch(() => undefined);
    throw error;
  }
}
