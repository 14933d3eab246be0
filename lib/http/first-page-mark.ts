import type { SharedDocument } from "../links/shared-document";
import type { Access } from "../viewer/grants/access";
import { earlyMarkGate } from "../viewer/files/page-watermark-gate";
import { readerPageFile } from "../viewer/files/reader-page-file";
import { SERVER_IMAGE_WIDTH } from "../viewer/files/server-image-width";
import { readerWatermark } from "../viewer/files/watermark";
import { pageImageVariant } from "./page-file-response";

/**
 * Begins drawing a watermarked reader's page 1 while the share page's HTML renders, not awaited: the
 * browser asks for that image 50 to 100 ms later and joins the drawing in progress (the file cache's
 * `making` map) instead of queueing behind the marks of pages 2 to 4. Only a page 1 already stored
 * (nothing drawn from the PDF here), and only at the width the HTML asks for. A browser that picks
 * another width from the srcset (a phone's 640) is not held up by the guess: it is drawn through
 * its own gate, one at a time in the process, and skipped while one is in progress.
 */
export function beginFirstPageMark(doc: SharedDocument, access: Access, address: string): void {
  const watermark = readerWatermark(doc, access, address);
  if (watermark === null || access.readablePages < 1 || doc.pageImages < 1 || earlyMarkGate().load().running > 0) return;
  readerPageFile(doc, 1, pageImageVariant(String(SERVER_IMAGE_WIDTH)), watermark, address, earlyMarkGate()).then(
    (image) => image?.body.destroy(),
    // Busy or failing, the mark is left to the image's own request, which answers the reader for itself.
    () => undefined,
  );
}
