import { ApiError } from "../../errors";
import { CURRENT_VERSION_HEADER } from "./reader-headers";

/**
 * The viewer asks for the file and page images of the version it shows (`?version=`): once
 * another is current they would be the new version's bytes under the old one's pages, so they are
 * refused with a 410 naming the current version, and the reader is offered a reload. A request
 * naming no version gets the current one.
 */
export function requireShownVersion(doc: { version: number }, asked: string | null): void {
  if (asked === null || asked === String(doc.version)) return;
  throw new ApiError("not_found", "This document was updated; reload to read the new version.", {
    status: 410,
    headers: { [CURRENT_VERSION_HEADER]: String(doc.version), "Cache-Control": "no-store" },
  });
}
