import type { Readable } from "node:stream";
import { isbot } from "isbot";
import { ApiError } from "../../errors";
import type { SharedDocument } from "../../links/shared-document";
import { UPLOAD_KINDS, type UploadKind } from "../../office/upload-types";
import { storage } from "../../storage";
import { sourceKey } from "../../storage/document-keys";
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

export type DownloadedFile = { body: Readable; size: number; extension: string; contentType: string };

/**
 * The file a reader downloads: the original, only when downloads are allowed and every gate is
 * passed; with a watermark set, a copy with the reader's filled watermark on every page instead.
 * For a document uploaded as an office file or image whose owner chose `download_original`, that
 * file as uploaded, unless a watermark is set (only a PDF can carry it).
 * The download is recorded unless the owner previews or a bot asks.
 */
export async function downloadableFile(doc: SharedDocument, access: Access, reader: Downloader): Promise<DownloadedFile> {
  if (!access.canDownload) {
    throw new ApiError(
      "forbidden",
      !doc.allowDownload ? "Downloads are turned off for this document." : "Unlock the document before downloading it.",
    );
  }
  const watermark = readerWatermark(doc, access, reader.address);
  const source = watermark === null && doc.downloadOriginal && doc.sourceType ? (doc.sourceType as UploadKind) : null;
  const key = source ? sourceKey(doc.storageKey, source) : doc.storageKey;
  if ((await storage().size(key)) === null) throw new ApiError("not_found", "The file is missing.");
  // The copy is made before the download is recorded: a busy worker (503) or a limit (429) records nothing.
  const watermarked = watermark === null ? null : await watermarkedCopy(doc, watermark, reader.address);
  try {
    if (!access.ownerPreview && !isbot(reader.userAgent)) await recordDownload(doc, access, await reader.browserId(), reader.mayAddViewer);
  } catch (error) {
    watermarked?.body.destroy();
    throw error;
  }
  const object = watermarked ?? (await storage().get(key));
  if (!object) throw new ApiError("not_found", "The file is missing.");
  const kind = source ?? "pdf";
  return { body: object.body, size: object.size, extension: UPLOAD_KINDS[kind].extensions[0]!, contentType: UPLOAD_KINDS[kind].mime };
}
