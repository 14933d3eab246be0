import { db } from "../db/client";
import { fileFolder, pageOfFileKey, sourceKey } from "./document-keys";
import { now } from "../time";
import { storage } from "./index";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Removes stored objects no committed document or link row points at (a crash between storing a file
 * and committing its row, a half-written `.partial`, a replaced preview whose delete was lost, images
 * of pages not yet counted in `page_images` or of a version no longer current, the files of versions
 * pruned or of a document deleted for good), once they are older than the grace period, so uploads
 * in flight are never touched. A document in the Trash keeps every file it has (a restore brings it
 * back whole). Direct
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
    select: { id: true, storageKey: true, previewStorageKey: true, pageImages: true },
  });
  // Images are kept for the current version's pages counted in page_images only.
  const imagePages = new Map(rows.map((row) => [fileFolder(row.storageKey), row.pageImages]));
  const versions = await db.documentVersion.findMany({
    where: { documentId: { in: rows.map((row) => row.id) } },
    select: { storageKey: true, sourceType: true },
  });
  // A link with its own gate has its own preview, stored beside its document's files.
  const links = await db.link.findMany({
    where: { documentId: { in: ids }, previewStorageKey: { not: null } },
    select: { previewStorageKey: true },
  });
  const referenced = new Set([
    ...rows.flatMap((row) => [row.storageKey, row.previewStorageKey]),
    ...links.map((link) => link.previewStorageKey),
    ...versions.flatMap((version) => [
      version.storageKey,
      ...(version.sourceType ? [sourceKey(version.storageKey, version.sourceType)] : []),
    ]),
  ]);
  const isCountedImage = (key: string) => {
    const image = pageOfFileKey(key);
    return image !== null && image.page <= (imagePages.get(image.folder) ?? 0);
  };
  const orphans = old.map((object) => object.key).filter((key) => !referenced.has(key) && !isCountedImage(key));
  for (const key of orphans) await storage().delete(key);
  return orphans;
}
