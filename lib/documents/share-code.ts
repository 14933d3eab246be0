import { db } from "../db/client";
import { newDocumentCode } from "../ids";

/**
 * A fresh share code for a document, a link, a room or a room link: free in all four tables,
 * because `/s/<code>` resolves any of them. The unique indexes catch a race between two new rows of
 * one table; the caller retries then.
 */
export async function unusedShareCode(): Promise<string> {
  for (;;) {
    const code = newDocumentCode();
    const [document, link, room, roomLink] = await Promise.all([
      db.document.findUnique({ where: { code }, select: { id: true } }),
      db.link.findUnique({ where: { code }, select: { id: true } }),
      db.room.findUnique({ where: { code }, select: { id: true } }),
      db.roomLink.findUnique({ where: { code }, select: { id: true } }),
    ]);
    if (!document && !link && !room && !roomLink) return code;
  }
}
