import { storage } from "./index";

/**
 * Removes every stored file of a document whose row is gone: each version's original, previews and
 * page images, and its links' previews, all under its own folder (document-keys.ts). Returns the
 * keys removed. Whatever a failure leaves, the orphan sweep removes once its grace has passed.
 */
export async function removeDocumentFiles(documentId: string): Promise<string[]> {
  const keys = (await storage().list(`documents/${documentId}/`)).map((object) => object.key);
  for (let i = 0; i < keys.length; i += 16) await Promise.all(keys.slice(i, i + 16).map((key) => storage().delete(key)));
  return keys;
}
