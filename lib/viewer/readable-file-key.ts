import { ApiError } from "../errors";
import type { SharedDocument } from "../links/shared-document";
import { readablePagesBeforeGate } from "../rules/gate";
import { fileFolder } from "../storage/document-keys";
import type { Access } from "./access";

/**
 * The stored PDF a browser may read as `variant`: `full` (the original) only with every grant the
 * document needs, `preview` (pages before the gate) after the password and the agreement, and only
 * while the stored settings allow exactly the pages it holds and it was built from the current
 * version (its key sits in that version's folder). Anything else is a 403 no cache keeps.
 */
export function readableFileKey(
  doc: Pick<SharedDocument, "storageKey" | "previewStorageKey" | "previewPageCount" | "emailGate" | "gateType" | "gatePage" | "pageCount">,
  access: Pick<Access, "fullFile" | "readablePages">,
  variant: string | null,
): string {
  const previewCurrent =
    doc.previewPageCount > 0 &&
    doc.previewPageCount === readablePagesBeforeGate(doc) &&
    doc.previewStorageKey !== null &&
    fileFolder(doc.previewStorageKey) === fileFolder(doc.storageKey);
  const key =
    variant === "full" && access.fullFile
      ? doc.storageKey
      : variant === "preview" && access.readablePages > 0 && previewCurrent
        ? doc.previewStorageKey
        : null;
  if (!key) throw new ApiError("forbidden", "This browser may not read that file yet.", { headers: { "Cache-Control": "no-store" } });
  return key;
}
