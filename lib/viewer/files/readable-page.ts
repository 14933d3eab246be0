import { ApiError } from "../../errors";
import type { Document } from "../../generated/prisma/client";
import type { Access } from "../grants/access";

const NOT_CACHED = { "Cache-Control": "no-store" };

/**
 * The page number a browser may see as an image now, from the path's text: 404 for a page the
 * document does not have, 403 for one past what this browser may read (none before a password or
 * an agreement, those before the gate until it is passed). A page not drawn yet is readable: it is
 * drawn on request (lib/viewer/files/page-file-on-request.ts).
 */
export function readablePage(doc: Pick<Document, "pageCount">, access: Pick<Access, "readablePages">, asked: string): number {
  const page = /^[1-9]\d{0,5}$/.test(asked) ? Number(asked) : 0;
  if (page < 1 || page > doc.pageCount) throw new ApiError("not_found", "The document has no such page.", { headers: NOT_CACHED });
  if (page > access.readablePages) throw new ApiError("forbidden", "This browser may not see that page yet.", { headers: NOT_CACHED });
  return page;
}
