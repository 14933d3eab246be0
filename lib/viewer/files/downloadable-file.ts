import type { Readable } from "node:stream";
import { isbot } from "isbot";
import { ApiError } from "../../errors";
import type { SharedDocument } from "../../links/shared-document";
import { storage } from "../../storage";
import type { Access } from "../grants/access";
import { recordDownload } from "../tracking/record-download";
import { readerWatermark } from "./watermark";
import { watermarkedCopy } from "./watermark-download";

export type Downloader = {
  /** The client's address, as limits count it and as the watermark shows it. */
  address: string;
  userAgent: string | null;
  /** Read only when the download is recorded: it may set the browser's cookie. */
  browserId: () => Promise<string>;
  mayAddViewer: () => Promise<boolean>;
};

/**
 * The file a reader downloads: the original, only when downloads are allowed and every gate is
 * passed; with a watermark set, a copy with the reader's filled watermark on every page instead.
 * The download is recorded unless the owner previews or a bot asks.
 */
export async function downloadableFile(doc: SharedDocument, access: Access, reader: Downloader): Promise<{ body: Readable; size: number }> {
  if (!access.canDownload) {
    throw new ApiError(
      "forbidden",
      !doc.allowDownload ? "Downloads are turned off for this document." : "Unlock the document before downloading it.",
    );
  }
  if ((await storage().size(doc.storageKey)) === null) throw new ApiError("not_found", "The file is missing.");
  // The copy is made before the download is recorded: a busy worker (503) or a limit (429) records nothing.
  const watermark = readerWatermark(doc, access, reader.address);
  const watermarked = watermark === null ? null : await watermarkedCopy(doc, watermark, reader.address);
  try {
    if (!access.ownerPreview && !isbot(reader.userAgent)) await recordDownload(doc, access, await reader.browserId(), reader.mayAddViewer);
  } catch (error) {
    watermarked?.body.destroy();
    throw error;
  }
  const object = watermarked ?? (await storage().get(doc.storageKey));
  if (!object) throw new ApiError("not_found", "The file is missing.");
  return object;
}
