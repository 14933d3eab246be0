import { db } from "../db/client";
import { newDocumentCode } from "../ids";

/**
 * A fresh share code for a document or a link: free in both `documents.code` and `links.code`,
 * because `/s/<code>` resolves either. The unique indexes catch a race between two new documents
 * or two new links; the caller retries then.
 */
export async function unusedShareCode(): Promise<string> {
  for (;;) {
    const code = newDocumentCode();
    const [document, link] = await Promise.all([
      db.document.findUnique({ where: { code }, select: { id: true } }),
      db.link.findUnique({ where: { code }, select: { id: true } }),
    ]);
    if (!document && !link) return code;
  }
}
