import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { config } from "../../config";
import type { StoredObject } from "../../storage";
import { cachedFile, type CachedFile } from "../../storage/file-cache";
import { drawPageWatermark } from "./draw-page-watermark";
import { type PageWatermarkGate, pageWatermarkGate } from "./page-watermark-gate";
import { watermarkDigest } from "./watermark";

/** Where readers' marked page images are kept (WATERMARK_IMAGE_CACHE_MB), least recently served removed first. */
export function pageWatermarkCache() {
  const settings = config();
  return { dir: path.join(settings.DATA_DIR, "watermark-page-cache"), capBytes: settings.WATERMARK_IMAGE_CACHE_MB * 1024 * 1024 };
}

/** What a reader's watermark adds to a page image's ETag: two readers' images of a page differ, so must their tags. */
export function watermarkTag(text: string | null): string {
  return text === null ? "" : `-m${watermarkDigest(text)}`;
}

/**
 * The page image a reader gets: with no watermark, the stored image itself; with one, the stored
 * (clean) image with `text` drawn into its pixels, so no saved image escapes the mark. A marked
 * image is made once per stored image and text (no second PDF render), through `gate` (the process's
 * gate for readers' requests), and kept on disk under its own bound. Null when the stored image is missing.
 */
export async function readerPageImage(
  storedKey: string,
  text: string | null,
  readStored: () => Promise<StoredObject | null>,
  gate: PageWatermarkGate = pageWatermarkGate(),
): Promise<CachedFile | null> {
  if (text === null) return readStored();
  try {
    // Hashed: the text holds the reader's email and address. A stored key names one version's page for good.
    return await cachedFile(pageWatermarkCache(), `${sha256(JSON.stringify([storedKey, text]))}.webp`, (output) =>
      gate.run(async () => {
        const stored = await readStored();
        if (!stored) throw new MissingImage();
        await writeFile(output, await drawPageWatermark(await buffer(stored.body), text));
      }),
    );
  } catch (error) {
    if (error instanceof MissingImage) return null;
    throw error;
  }
}

class MissingImage extends Error {}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
