import type { StoredObject } from "../../storage";
import { pageFileKey, type PageFile } from "../../storage/document-keys";
import type { CachedFile } from "../../storage/file-cache";
import { pageFileOnRequest } from "./page-file-on-request";
import { laterPageGate, type PageWatermarkGate, pageWatermarkGate } from "./page-watermark-gate";
import { readerPageImage } from "./watermarked-page-image";

type PageDoc = Parameters<typeof pageFileOnRequest>[0];

/**
 * A page's file as its reader gets it: the stored one (drawn on request when missing), or, under a
 * `watermark`, its image with the reader's mark drawn in. The one place that names a marked image's
 * cache entry, so the share page beginning page 1's mark and the image's own request meet on it.
 * `gate` bounds the drawing of a mark (by default a reader's request's, pages after the first behind
 * any early page 1). Null when the file is not there and was not drawn.
 */
export function readerPageFile(
  doc: PageDoc,
  page: number,
  file: PageFile,
  watermark: string | null,
  address: string,
  gate?: PageWatermarkGate,
): Promise<StoredObject | CachedFile | null> {
  const stored = () => pageFileOnRequest(doc, page, file, address);
  if (watermark === null) return stored();
  return readerPageImage(
    pageFileKey(doc.storageKey, page, file),
    watermark,
    stored,
    gate ?? (page === 1 ? pageWatermarkGate() : laterPageGate()),
  );
}
