import { createWriteStream } from "node:fs";
import { open, rm } from "node:fs/promises";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ApiError } from "../errors";
import type { Document } from "../generated/prisma/client";
import { scratchPath } from "../documents/preview-file";
import { runWatermarkJob } from "../pdf/run-pdf-job";
import { storage } from "../storage";

export type WatermarkedFile = { body: Readable; size: number };

/**
 * A copy of the stored PDF with `text` burned into every page, made in the PDF worker (its memory
 * and time limits, its queue: 503 with Retry-After when busy); the original in storage is never
 * touched. The copy lives in scratch only while it is read: it is unlinked as soon as it is
 * opened, so its space is freed when the stream closes, even when the reader aborts the download.
 */
export async function watermarkedCopy(doc: Pick<Document, "storageKey">, text: string): Promise<WatermarkedFile> {
  const input = await scratchPath("watermarks", ".pdf");
  const output = await scratchPath("watermarks", ".pdf");
  try {
    const object = await storage().get(doc.storageKey);
    if (!object) throw new ApiError("not_found", "The file is missing.");
    await pipeline(object.body, createWriteStream(input));
    try {
      await runWatermarkJob({ input, output, text });
    } catch (error) {
      if (error instanceof ApiError && error.code === "bad_request") {
        throw new ApiError(
          "internal_error",
          "The watermarked copy of this document could not be prepared. Ask the sender for another copy.",
        );
      }
      throw error;
    }
    const file = await open(output);
    const { size } = await file.stat();
    return { body: file.createReadStream(), size };
  } finally {
    await rm(input, { force: true });
    await rm(output, { force: true });
  }
}
