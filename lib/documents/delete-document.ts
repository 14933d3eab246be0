import { notFound } from "../errors";
import { db } from "../db/client";
import { now } from "../time";
import { findOwnedDocument } from "./find-document";

/** Soft delete: the row, its files and analytics stay; every API path and the link stop serving it. */
export async function deleteDocument(ownerId: string, shortCode: string): Promise<void> {
  const doc = await findOwnedDocument(ownerId, shortCode);
  const { count } = await db.document.updateMany({
    where: { id: doc.id, deletedAt: null },
    data: { isActive: false, deletedAt: now() },
  });
  if (count === 0) throw notFound();
}
