import { sharp } from "../../sharp";
import { watermarkSvg } from "./watermark-svg";

/**
 * The rasterised marks the web process keeps, in bytes: a few readers' pages at 1280 px (2.1 MB each
 * at one byte a pixel). Every page of one reader at one width bears the same mark, and a new
 * reader's browser asks for pages 1 to 4 at once; past that a mark is cheap to rasterise again.
 */
export const WATERMARK_MASK_CACHE_BYTES = 16 * 1024 * 1024;

type MaskCache = { masks: Map<string, Buffer>; bytes: number };

/** On globalThis: Next bundles this module into the share page and its routes, and the bound holds only if they count together. */
function maskCache(): MaskCache {
  const holder = globalThis as { pagewiseWatermarkMasks?: MaskCache };
  holder.pagewiseWatermarkMasks ??= { masks: new Map(), bytes: 0 };
  return holder.pagewiseWatermarkMasks;
}

/**
 * How much of the ink of `text`'s mark covers each pixel of a `width` × `height` image, one byte a
 * pixel (the alpha librsvg gives the mark's SVG, its 15 % opacity included). Rasterised once per text
 * and size and kept, least recently used dropped first, within WATERMARK_MASK_CACHE_BYTES: a quarter
 * of the RGBA layer's bytes, and librsvg's ~45 ms spent once per reader rather than per page.
 */
export async function watermarkMask(text: string, width: number, height: number): Promise<Buffer> {
  const cache = maskCache();
  const key = JSON.stringify([text, width, height]);
  const kept = cache.masks.get(key);
  if (kept) {
    cache.masks.delete(key);
    cache.masks.set(key, kept);
    return kept;
  }
  const mask = await sharp(Buffer.from(watermarkSvg(text, width, height)))
    .extractChannel("alpha")
    .raw()
    .toBuffer();
  keep(cache, key, mask);
  return mask;
}

function keep(cache: MaskCache, key: string, mask: Buffer) {
  if (cache.masks.has(key) || mask.length > WATERMARK_MASK_CACHE_BYTES) return;
  cache.masks.set(key, mask);
  cache.bytes += mask.length;
  for (const [oldest, dropped] of cache.masks) {
    if (cache.bytes <= WATERMARK_MASK_CACHE_BYTES) break;
    cache.masks.delete(oldest);
    cache.bytes -= dropped.length;
  }
}

/** The masks kept now, for tests and the bench. */
export function watermarkMaskCacheLoad(): { masks: number; bytes: number } {
  const { masks, bytes } = maskCache();
  return { masks: masks.size, bytes };
}
