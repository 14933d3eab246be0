import sharp from "sharp";
import { SCAN_BLOCK } from "./viewer-fidelity-pdfs";

type Region = { left: number; top: number; right: number; bottom: number };

/** The mean grey level (0 black … 255 white) of an image over a region given as shares of its width and height. */
async function meanGrey(image: Buffer, region: Region): Promise<number> {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  const [x0, x1] = [Math.ceil(region.left * info.width), Math.floor(region.right * info.width)];
  const [y0, y1] = [Math.ceil(region.top * info.height), Math.floor(region.bottom * info.height)];
  let sum = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) sum += data[y * info.width + x]!;
  return Math.round(sum / ((x1 - x0) * (y1 - y0)));
}

/**
 * How a drawn page of scannedPdf looks where it matters: inside its black block (a margin in from
 * its edges, which smoothing blurs), below it and left of it.
 */
export async function scanGreys(image: Buffer): Promise<{ block: number; below: number; left: number }> {
  const { left, top, right, bottom } = SCAN_BLOCK;
  const [mx, my] = [(right - left) / 10, (bottom - top) / 10];
  return {
    block: await meanGrey(image, { left: left + mx, top: top + my, right: right - mx, bottom: bottom - my }),
    below: await meanGrey(image, { left, top: bottom + my, right, bottom: 0.95 }),
    left: await meanGrey(image, { left: 0.02, top, right: left - mx, bottom }),
  };
}
