import { sharp } from "../../sharp";
import { watermarkMask } from "./watermark-mask";
import { WATERMARK_INK } from "./watermark-svg";

/** Same quality and effort as the clean image (lib/pdf/render-pages.ts): the mark adds no visible loss of its own. */
const WEBP = { quality: 80, effort: 2 } as const;

/**
 * A stored page image (WebP) with `text` drawn into its pixels, as WebP of the same size: decoded,
 * the reader's mask (kept across their pages) laid in as ink, encoded. On a reader's first page the
 * mask is rasterised while the image decodes (its size read from the header first, under a
 * millisecond): that page is the one a new reader waits for.
 */
export async function drawPageWatermark(image: Buffer, text: string): Promise<Buffer> {
  const { width, height } = await sharp(image).metadata();
  const [{ data, info }, mask] = await Promise.all([
    sharp(image).raw().toBuffer({ resolveWithObject: true }),
    watermarkMask(text, width, height),
  ]);
  layInk(data, info.channels, mask);
  return sharp(data, { raw: { width, height, channels: info.channels } })
    .webp(WEBP)
    .toBuffer();
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
