import { CURRENT_VERSION_HEADER } from "@/lib/viewer/files/reader-headers";

/**
 * A 410 of the document itself (deleted, or its link expired), not of a version that is no longer
 * current: that one names the current version (other-version.ts).
 */
export const refusedAsGone = (response: Response) => response.status === 410 && !response.headers.has(CURRENT_VERSION_HEADER);

/** The file was asked for after the document was deleted or its link expired. */
export class DocumentGoneError extends Error {
  constructor() {
    super("This document is no longer available.");
    this.name = "DocumentGoneError";
  }
}
