import { parseQuery } from "@/lib/http/parse";
import { json } from "@/lib/http/respond";
import { withShareLink } from "@/lib/http/with-share-link";
import { readerSearchQuery } from "@/lib/schemas/search";
import { readerSearch } from "@/lib/viewer/files/reader-search";

/** `?q=`: the pages this reader may read whose text matches, behind the same doors and grants as the pages themselves. */
export const GET = withShareLink("search", async ({ req, doc, access }) =>
  json(await readerSearch(doc, access, parseQuery(readerSearchQuery, req).q), 200, { "Cache-Control": "private, no-store" }),
);
