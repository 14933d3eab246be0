import { cache } from "react";
import { findPublicDocument, parseShareCode, type PublicDocument } from "./find-public-document";
import { receiveFound } from "./hand-over-found";

/**
 * The viewer page's document (metadata and page ask once between them): what the proxy found at the
 * page's door, handed over in SHARE_CODE_FOUND_HEADER, so a page view resolves its code once; looked
 * up here only when no valid hand-over came (the proxy did not run).
 */
export const pagePublicDocument = cache(
  async (code: string, handedOver: string | null): Promise<PublicDocument> =>
    receiveFound(parseShareCode(code) ?? "", handedOver) ?? findPublicDocument(code),
);
