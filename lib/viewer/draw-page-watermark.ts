import { sharp } from "../sharp";
import { watermarkMask } from "./watermark-mask";
import { WATERMARK_INK } from "./watermark-svg";

/** Same quality and effort as the clean image (lib/pdf/render-pages.ts): the mark adds no visible loss of its own. */
const WEBP = { quality: 80, effort: 2 } as const;

/**
 * A stored page image (WebP) with `text` drawn into its pixels, as WebP of the same size: decoded,
 * the reader's mask (kept across their pages) laid in as ink, encoded. Its size is the decoded
 * image's, so the header is not read twice.
 */
export async function drawPageWatermark(image: Buffer, text: string): Promise<Buffer> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  layInk(data, channels, await watermarkMask(text, width, height));
  return sharp(data, { raw: { width, height, channels } }).webp(WEBP).toBuffer();
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
