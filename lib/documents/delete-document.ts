import { recordAudit } from "../audit/record-audit";
import { notFound } from "../errors";
import { db } from "../db/client";
import { type TeamAccess, authorizeDeletion } from "../teams/permissions";
import { now } from "../time";
import { findOwnedDocument } from "./find-document";
import { apiShortCode } from "./short-code";

/**
 * Puts the document in the Trash (a soft delete): from now on every API path for it is 404 and its
 * links answer 410, but its row, files (every version's, its page images), links and analytics all
 * stay, so an admin can restore it whole (restore-document.ts) until the sweep deletes it for good
 * (lib/trash/sweep-trash.ts). A member deletes only what they uploaded; an admin anything (403).
 */
export async function deleteDocument(by: TeamAccess, shortCode: string): Promise<void> {
  const doc = await findOwnedDocument(by.teamId, shortCode);
  authorizeDeletion(by, doc.createdById);
  await db.$transaction(async (tx) => {
    const { count } = await tx.document.updateMany({
      where: { id: doc.id, deletedAt: null },
      data: { isActive: false, deletedAt: now(), deletedById: by.userId },
    });
    if (count === 0) throw notFound();
    await recordAudit(tx, by, { action: "document.deleted", target: { id: apiShortCode(doc.code), label: doc.title } });
  });
}
