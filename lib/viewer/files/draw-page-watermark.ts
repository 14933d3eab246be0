import { createHash } from "node:crypto";
import { byteBoundedCache } from "../../byte-bounded-cache";
import { sharp } from "../../sharp";
import { watermarkMask } from "./watermark-mask";
import { WATERMARK_INK } from "./watermark-svg";

/** Same quality and effort as the clean image (lib/pdf/render-pages.ts): the mark adds no visible loss of its own. */
const WEBP = { quality: 80, effort: 2 } as const;

/**
 * The clean pages' pixels the web process keeps, in bytes: five pages at 1280 px (6.4 MB each in
 * RGB). Every new reader of a document starts at its page 1, and decoding it again is a third of
 * the time that reader waits for their first page.
 */
export const DECODED_PAGE_CACHE_BYTES = 32 * 1024 * 1024;

const decodedPages = () => byteBoundedCache("decoded pages", DECODED_PAGE_CACHE_BYTES);

/**
 * A stored page image (WebP) with `text` drawn into its pixels, as WebP of the same size: decoded
 * (or its pixels kept from an earlier reader), the reader's mask (kept across their pages) laid in
 * as ink, encoded. On a reader's first page the mask is made while the image decodes (its size read
 * from the header first, under a millisecond): that page is the one a new reader waits for.
 */
export async function drawPageWatermark(image: Buffer, text: string): Promise<Buffer> {
  const { width, height, channels } = await sharp(image).metadata();
  const [clean, mask] = await Promise.all([decodedPage(image), watermarkMask(text, width, height)]);
  const pixels = Buffer.from(clean);
  layInk(pixels, channels, mask);
  return sharp(pixels, { raw: { width, height, channels } }).webp(WEBP).toBuffer();
}

/** The image's pixels, kept by its bytes' digest: a copy is inked, never the kept ones. */
async function decodedPage(image: Buffer): Promise<Buffer> {
  const key = createHash("sha256").update(image).digest("hex");
  const kept = decodedPages().get(key);
  if (kept) return kept;
  const pixels = await sharp(image).raw().toBuffer();
  decodedPages().set(key, pixels);
  return pixels;
}

/**
 * The ink laid over `pixels` (in place) as much as `mask` covers each: libvips's "over" on an opaque
 * image, in integers. In JavaScript rather than a libvips composite: the composite needs the mask
 * as a full RGBA layer (four times the bytes) and took longer than this loop.
 */
function layInk(pixels: Buffer, channels: number, mask: Buffer) {
  const [red, green, blue] = WATERMARK_INK.rgb;
  for (let pixel = 0, at = 0; pixel < mask.length; pixel++, at += channels) {
    const ink = mask[pixel]!;
    if (ink === 0) continue;
    const paper = 255 - ink;
    pixels[at] = (pixels[at]! * paper + red * ink + 127) / 255;
    pixels[at + 1] = (pixels[at + 1]! * paper + green * ink + 127) / 255;
    pixels[at + 2] = (pixels[at + 2]! * paper + blue * ink + 127) / 255;
  }
}
