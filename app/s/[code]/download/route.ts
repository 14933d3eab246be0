import { Readable } from "node:stream";
import { isbot } from "isbot";
import { ApiError } from "@/lib/errors";
import { downloadDisposition } from "@/lib/documents/download-name";
import { CONTENT_LENGTH_HEADER } from "@/lib/request/server-headers";
import { storage } from "@/lib/storage";
import { recordDownload } from "@/lib/viewer/record-download";
import { browserId } from "@/lib/http/viewer-request-context";
import { readerWatermark } from "@/lib/viewer/watermark";
import { watermarkedCopy } from "@/lib/viewer/watermark-download";
import { withShareLink } from "@/lib/http/with-share-link";

/**
 * The original file as an attachment, only when downloads are allowed and every gate is passed;
 * with a watermark set, a copy with the reader's filled watermark on every page instead.
 */
export const GET = withShareLink("download", async ({ req, doc, access, address, mayAddViewer }) => {
  if (!access.canDownload) {
    throw new ApiError(
      "forbidden",
      !doc.allowDownload ? "Downloads are turned off for this document." : "Unlock the document before downloading it.",
    );
  }
  if ((await storage().size(doc.storageKey)) === null) throw new ApiError("not_found", "The file is missing.");
  // The copy is made before the download is recorded: a busy worker (503) or a limit (429) records nothing.
  const watermark = readerWatermark(doc, access, address);
  const watermarked = watermark === null ? null : await watermarkedCopy(doc, watermark, address);
  try {
    if (!access.ownerPreview && !isbot(req.headers.get("user-agent"))) await recordDownload(doc, access, await browserId(), mayAddViewer);
  } catch (error) {
    watermarked?.body.destroy();
    throw error;
  }
  const object = watermarked ?? (await storage().get(doc.storageKey));
  if (!object) throw new ApiError("not_found", "The file is missing.");
  return new Response(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/pdf",
      [CONTENT_LENGTH_HEADER]: String(object.size),
      "Content-Disposition": downloadDisposition(doc.title),
      // no-transform: the server must not gzip it, or Content-Length and byte ranges are lost.
      "Cache-Control": "private, no-store, no-transform",
    },
  });
});
