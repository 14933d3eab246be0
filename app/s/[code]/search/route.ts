import { parseQuery } from "@/lib/http/parse";
import { json } from "@/lib/http/respond";
import { withShareLink } from "@/lib/http/with-share-link";
import { readerSearchQuery } from "@/lib/schemas/search";
import { readerSearch } from "@/lib/viewer/files/reader-search";
import { roomSearch } from "@/lib/viewer/rooms/room-search";

const NOT_STORED = { "Cache-Control": "private, no-store" };

/**
 * `?q=`: the pages this reader may read whose text matches, behind the same doors and grants as the
 * pages themselves; for a room's code, the documents its link's group may see.
 */
export const GET = withShareLink(
  "search",
  async ({ req, doc, access }) => json(await readerSearch(doc, access, parseQuery(readerSearchQuery, req).q), 200, NOT_STORED),
  { room: async ({ req, share, access }) => json(await roomSearch(share, access, parseQuery(readerSearchQuery, req).q), 200, NOT_STORED) },
);
