import { ApiError } from "../../errors";
import type { SharedDocument } from "../../links/shared-document";
import { readablePagesBeforeGate } from "../../rules/gate";
import { fileFolder } from "../../storage/document-keys";
import type { Access } from "../grants/access";

/**
 * The stored PDF a browser may read as `variant`, only while downloads are allowed (a reader of a
 * downloads-off document reads page images: handing pdf.js the file would hand over the original).
 * `full` (the original) only with every grant a download needs, or to the owner's own signed-in
 * preview; `preview` (pages before the gate) after the password and the agreement, and only while
 * the stored settings allow exactly the pages it holds and it was built from the current version
 * (its key sits in that version's folder). Anything else is a 403 no cache keeps.
 */
export function readableFileKey(
  doc: Pick<
    SharedDocument,
    "storageKey" | "previewStorageKey" | "previewPageCount" | "emailGate" | "gateType" | "gatePage" | "pageCount" | "allowDownload"
  >,
  access: Pick<Access, "canDownload" | "ownerPreview" | "readablePages">,
  variant: string | null,
): string {
  if (!doc.allowDownload && !access.ownerPreview) {
    throw new ApiError("forbidden", "Downloads are off for this document: its pages are served as images only.", {
      headers: { "Cache-Control": "no-store" },
    });
  }
  const previewCurrent =
    doc.previewPageCount > 0 &&
    doc.previewPageCount === readablePagesBeforeGate(doc) &&
    doc.previewStorageKey !== null &&
    fileFolder(doc.previewStorageKey) === fileFolder(doc.storageKey);
  const key =
    variant === "full" && (access.canDownload || access.ownerPreview)
      ? doc.storageKey
      : variant === "preview" && access.readablePages > 0 && previewCurrent
        ? doc.previewStorageKey
        : null;
  if (!key) throw new ApiError("forbidden", "This browser may not read that file yet.", { headers: { "Cache-Control": "no-store" } });
  return key;
}
