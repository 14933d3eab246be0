import type { z } from "zod";
import { ApiError } from "../../errors";
import type { Document } from "../../generated/prisma/client";
import type { readerSearchResultsSchema } from "../../schemas/search";
import { pageMatches } from "../../search/page-matches";
import type { Access } from "../grants/access";

/** Pages a reader's search lists: a whole long document's worth, still a bounded answer. */
export const READER_SEARCH_PAGES = 50;

/**
 * The pages of the version a reader is shown whose text matches `q`, among only those the reader
 * may read now (`readablePages`: before a preview gate is passed, the pages before it; none before a
 * password, a gate on page 1 or an agreement, which is refused as a page past them is).
 */
export async function readerSearch(
  doc: Pick<Document, "id" | "version" | "pageCount">,
  access: Pick<Access, "readablePages">,
  q: string,
): Promise<z.input<typeof readerSearchResultsSchema>> {
  const lastPage = Math.min(access.readablePages, doc.pageCount);
  if (lastPage < 1)
    throw new ApiError("forbidden", "This browser may not search this document yet.", { headers: { "Cache-Control": "no-store" } });
  const [found] = await pageMatches([{ documentId: doc.id, version: doc.version, lastPage }], q, READER_SEARCH_PAGES);
  return { pages: found!.pages, pages_without_text: found!.pagesWithoutText };
}
