import { ApiError } from "../errors";

/** A version number the document has no row for: never given, or pruned by the team's `versions_kept`. */
export const versionNotKept = (number: number) =>
  new ApiError("not_found", `Version ${number} of this document does not exist (or was not kept).`);

export const versionAlreadyCurrent = (number: number) => new ApiError("bad_request", `Version ${number} is already the current version.`);
