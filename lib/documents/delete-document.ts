import { type AuditActor, recordAudit } from "../audit/record-audit";
import { notFound } from "../errors";
import { db } from "../db/client";
import { now } from "../time";
import { findOwnedDocument } from "./find-document";
import { apiShortCode } from "./short-code";
import { removePageImages } from "./page-images";

/**
 * Soft delete: the row, its current file and analytics stay (earlier versions' files go with the orphan sweep); every API path and the link stop serving it.
 * Its page images go (they are made again from the original should it ever come back). The row is
 * locked while its image count is read and zeroed, so a background render finishing meanwhile
 * either is counted here or finds the document deleted and removes its own.
 */
export async function deleteDocument(by: AuditActor, shortCode: string): Promise<void> {
  const doc = await findOwnedDocument(by.teamId, shortCode);
  const images = await db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<
      Array<{ page_images: number; storage_key: string }>
    >`SELECT page_images, storage_key FROM documents WHERE id = ${doc.id}::uuid FOR UPDATE`;
    const { count } = await tx.document.updateMany({
      where: { id: doc.id, deletedAt: null },
      data: { isActive: false, deletedAt: now(), pageImages: 0 },
    });
    if (count === 0) throw notFound();
    await recordAudit(tx, by, { action: "document.deleted", target: { id: apiShortCode(doc.code), label: doc.title } });
    return { pages: row?.page_images ?? 0, originalKey: row?.storage_key ?? doc.storageKey };
  });
  await removePageImages(images.originalKey, images.pages).catch((error: unknown) =>
    // The orphan sweep removes what is left once the grace period has passed.
    console.error(`[page-images] removing the images of deleted document ${doc.id} failed:`, error),
  );
}
