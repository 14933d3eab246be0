import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { config } from "../../config";
import { ApiError } from "../../errors";
import type { Document } from "../../generated/prisma/client";
import { scratchPath } from "../../documents/preview-file";
import { runWatermarkJob } from "../../pdf/run-pdf-job";
import { consumeRateLimit, rateLimitHeaders, type RateLimitState } from "../../rate-limit";
import { storage } from "../../storage";
import { cachedFile, type CachedFile } from "../../storage/file-cache";
import { now } from "../../time";
import { WATERMARK_JOB_LIMITS } from "../doors/limits";

export type WatermarkedFile = CachedFile;

/**
 * A copy of the stored PDF with `text` burned into every page; the original in storage is never
 * touched. Copies are cached under DATA_DIR/watermark-cache by the stored file and the exact text,
 * so a repeat costs a file read. A copy not cached yet is made in the PDF worker's public lane (its
 * memory and time limits, its queue: 503 with Retry-After when busy), and counts against the
 * address's and the document's watermark limits (429 past them).
 */
export async function watermarkedCopy(
  doc: Pick<Document, "id" | "storageKey">,
  text: string,
  address: string,
  /** False for a copy inside a room's ZIP: the ZIP was counted whole (ROOM_ZIP_LIMITS). */
  countJob = true,
): Promise<WatermarkedFile> {
  const settings = config();
  const cache = { dir: path.join(settings.DATA_DIR, "watermark-cache"), capBytes: settings.WATERMARK_CACHE_MB * 1024 * 1024 };
  return cachedFile(cache, copyName(doc.storageKey, text), async (output) => {
    if (countJob) await consumeWatermarkJob(doc.id, address);
    const input = await scratchPath("watermarks", ".pdf");
    try {
      const object = await storage().get(doc.storageKey);
      if (!object) throw new ApiError("not_found", "The file is missing.");
      await pipeline(object.body, createWriteStream(input));
      await runWatermarkJob({ input, output, text });
    } catch (error) {
      if (error instanceof ApiError && error.code === "bad_request") {
        throw new ApiError(
          "internal_error",
          "The watermarked copy of this document could not be prepared. Ask the sender for another copy.",
        );
      }
      throw error;
    } finally {
      await rm(input, { force: true });
    }
  });
}

/** Hashed: the text holds the reader's email and address. A storage key names one document's original for good. */
function copyName(storageKey: string, text: string): string {
  return `${createHash("sha256")
    .update(JSON.stringify([storageKey, text]))
    .digest("hex")}.pdf`;
}

async function consumeWatermarkJob(documentId: string, address: string) {
  const { perAddress, perDocument, windowSeconds } = WATERMARK_JOB_LIMITS;
  const at = now();
  const byAddress = await consumeRateLimit(`watermark:address:${address}`, at, perAddress, windowSeconds);
  if (!byAddress.allowed) throw tooManyCopies(byAddress, "from your address");
  const byDocument = await consumeRateLimit(`watermark:document:${documentId}`, at, perDocument, windowSeconds);
  if (!byDocument.allowed) throw tooManyCopies(byDocument, "of this document");
}

function tooManyCopies(state: RateLimitState, whose: string): ApiError {
  const minutes = Math.ceil(state.retryAfter / 60);
  return new ApiError(
    "rate_limited",
    `Too many watermarked downloads ${whose} right now. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    { headers: rateLimitHeaders(state) },
  );
}
