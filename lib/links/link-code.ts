import { db } from "../db/client";
import { newDocumentCode } from "../ids";

/**
 * A fresh share code for a link: the documents' generator, and free in both `documents.code` and
 * `links.code`, because `/s/<code>` resolves either. The unique index on `links.code` catches a
 * race between two new links; the caller retries then.
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
