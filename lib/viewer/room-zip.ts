import { ApiError } from "../errors";
import type { Document } from "../generated/prisma/client";
import { roomZipPaths, type ZipDocument, type ZipFolder } from "../rooms/room-zip-paths";
import { storage } from "../storage";
import { zipStream } from "../zip/zip-stream";
import { watermarkedCopy } from "./watermark-download";

/** A document of the room as `roomDetail` lists it, with the stored file it stands for. */
export type RoomZipDocument = ZipDocument & { document: Pick<Document, "id" | "storageKey"> };

/** The reader's filled watermark (`readerWatermark`) and the address its copies count against. */
export type RoomZipWatermark = { text: string; address: string };

/**
 * The whole room as one ZIP, streamed: its documents in the room's order at the paths
 * `roomZipPaths` gives, each the stored original or, with a watermark, the reader's watermarked
 * copy (`watermarkedCopy`: cached, or made in the PDF worker when the ZIP reaches the document, one
 * at a time). Every file is read as a stream, so the web process holds a few chunks whatever the
 * room's size. A missing file, a busy worker or a watermark limit met midway errors the stream.
 */
export function roomZip(
  folders: readonly ZipFolder[],
  documents: readonly RoomZipDocument[],
  watermark: RoomZipWatermark | null,
): ReadableStream<Uint8Array> {
  return zipStream(
    roomZipPaths(folders, documents).map(({ document: { document }, path }) => ({
      path,
      open: async () => {
        if (watermark) return watermarkedCopy(document, watermark.text, watermark.address);
        const stored = await storage().get(document.storageKey);
        if (!stored) throw new ApiError("not_found", "The file is missing.");
        return stored;
      },
    })),
  );
}
