import { db } from "../db/client";
import { pageOfImageKey } from "./page-image-keys";
import { now } from "../time";
import { storage } from "./index";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Removes stored objects no committed document or link row points at (a crash between storing a file
 * and committing its row, a half-written `.partial`, a replaced preview whose delete was lost, images
 * of a deleted document's pages or of pages not yet counted in `page_images`),
 * once they are older than the grace period, so uploads in flight are never touched. Direct
 * uploads whose file never arrived are forgotten after the same grace. Returns the keys removed.
 */
export async function sweepOrphanedObjects(graceMs: number): Promise<string[]> {
  const cutoff = now().getTime() - graceMs;
  await db.pendingUpload.deleteMany({ where: { createdAt: { lte: new Date(cutoff) } } });
  const old = (await storage().list("documents/")).filter((object) => object.modifiedAt.getTime() <= cutoff);
  if (old.length === 0) return [];
  const ids = [...new Set(old.map((object) => object.key.split("/")[1] ?? "").filter((id) => UUID.test(id)))];
  const rows = await db.document.findMany({
    where: { id: { in: ids } },
    select: { id: true, storageKey: true, previewStorageKey: true, pageImages: true, deletedAt: true },
  });
  const imagePages = new Map(rows.map((row) => [row.id, row.deletedAt ? 0 : row.pageImages]));
  // A link with its own gate has its own preview, stored beside its document's files.
  const links = await db.link.findMany({
    where: { documentId: { in: ids }, previewStorageKey: { not: null } },
    select: { previewStorageKey: true },
  });
  const referenced = new Set([
    ...rows.flatMap((row) => [row.storageKey, row.previewStorageKey]),
    ...links.map((link) => link.previewStorageKey),
  ]);
  const isCountedImage = (key: string) => {
    const page = pageOfImageKey(key);
    return page !== null && page <= (imagePages.get(key.split("/")[1] ?? "") ?? 0);
  };
  const orphans = old.map((object) => object.key).filter((key) => !referenced.has(key) && !isCountedImage(key));
  for (const key of orphans) await storage().delete(key);
  return orphans;
}
