import { changedSettings } from "../schemas/sharing-settings";
import { type AuditActor, fieldChanges, recordAudit } from "../audit/record-audit";
import { ApiError } from "../errors";
import type { DocumentUpdate } from "../schemas/documents";
import { hashPassword } from "../credentials/password-hash";
import type { Tx } from "../db/client";
import { lockKeys } from "../db/locks";
import type { Document, Prisma } from "../generated/prisma/client";
import { previewPagesNeeded } from "../rules/gate";
import { changeWithPreview, type PreviewChange } from "./change-with-preview";
import { newPreview } from "./preview-file";
import { serializeSettings } from "./serialize";
import { apiShortCode } from "./short-code";
import { assertCanVerifyEmails } from "./verify-needs-mail";

/**
 * Applies a partial update. Updates of one document are serialized and a changed gate gets a
 * preview rebuilt under a new key, built before the lock is taken (`changeWithPreview`). A change
 * that changes anything records which settings went from what to what (a new password is recorded
 * as set, never its value).
 */
export async function updateDocument(by: AuditActor, doc: Document, update: DocumentUpdate): Promise<Document> {
  assertCanVerifyEmails(update.verify_email);
  if (update.gate_page !== undefined && update.gate_page > doc.pageCount) {
    throw new ApiError("validation_error", `gate_page must be between 1 and the page count (${doc.pageCount}); got ${update.gate_page}`);
  }
  const passwordHash = update.password === undefined ? undefined : update.password === null ? null : await hashPassword(update.password);
  return changeWithPreview({
    lockKey: lockKeys.documentSettings(doc.id),
    read: (client: Tx) => client.document.findUniqueOrThrow({ where: { id: doc.id } }),
    plan: async (current) => ({ preview: await previewChange(current, update) }),
    // The preview follows the gate; it was built for the gate and the file (the version) the row held when planned.
    planFits: (planned, current) =>
      planned.storageKey === current.storageKey &&
      planned.emailGate === current.emailGate &&
      planned.gateType === current.gateType &&
      planned.gatePage === current.gatePage &&
      planned.previewPageCount === current.previewPageCount &&
      planned.previewStorageKey === current.previewStorageKey,
    write: async (tx, current, { preview }) => {
      const data: Prisma.DocumentUpdateInput = {
        ...(update.title !== undefined && { title: update.title }),
        ...changedSettings(update),
        // Another page is a new choice; the page the gate stands on (a form saved as it was) keeps the one waiting for a longer version.
        ...(update.gate_page !== undefined && update.gate_page !== current.gatePage && { gatePageChosen: null }),
        ...(passwordHash !== undefined && { passwordHash }),
        ...(preview && { previewStorageKey: preview.previewStorageKey, previewPageCount: preview.previewPageCount }),
      };
      const updated = await tx.document.update({ where: { id: doc.id }, data });
      const changes = fieldChanges(auditedFields(current), auditedFields(updated));
      const passwordReplaced = typeof update.password === "string" && current.passwordHash !== null;
      if (changes || passwordReplaced)
        await recordAudit(tx, by, {
          action: "document.updated",
          target: { id: apiShortCode(updated.code), label: updated.title },
          details: { changes: { ...changes, ...(passwordReplaced && { password: { from: "set", to: "replaced" } }) } },
        });
      return updated;
    },
  });
}

/** What a settings change is recorded as: the API's names and values, whether a password is set. */
const auditedFields = (doc: Document) => ({ title: doc.title, ...serializeSettings(doc) });

/** The preview the document needs after `update`, or null when the pages it holds stay right. */
async function previewChange(current: Document, update: DocumentUpdate): Promise<PreviewChange | null> {
  const next = {
    ...current,
    emailGate: update.email_gate ?? current.emailGate,
    gateType: update.gate_type ?? current.gateType,
    gatePage: update.gate_page ?? current.gatePage,
  };
  const needed = previewPagesNeeded(next);
  if (needed === current.previewPageCount) return null;
  return newPreview(current, next, needed, current.previewStorageKey);
}
