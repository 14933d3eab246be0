import { CURRENT_VERSION_HEADER } from "@/lib/viewer/files/reader-headers";

/** A 410 that refused the version this page shows, naming the current one (a deleted document's 410 names none). */
export const refusedAsOtherVersion = (response: Response) => response.status === 410 && response.headers.has(CURRENT_VERSION_HEADER);

/** The file was asked for as a version that is no longer current. */
export class OtherVersionError extends Error {
  constructor() {
    super("The document was updated; reload to read the new version.");
    this.name = "OtherVersionError";
  }
}
