import { byteBoundedCache } from "../../byte-bounded-cache";
import { sharp } from "../../sharp";
import { WATERMARK_ANGLE_DEGREES, watermarkLattice, watermarkReach, watermarkTileSvg } from "./watermark-svg";

/**
 * The rasterised marks the web process keeps, in bytes: a few readers' pages at 1280 px (2.1 MB each
 * at one byte a pixel). Every page of one reader at one width bears the same mark, and a new
 * reader's browser asks for pages 1 to 4 at once; past that a mark is cheap to rasterise again.
 */
export const WATERMARK_MASK_CACHE_BYTES = 16 * 1024 * 1024;

const masks = () => byteBoundedCache("watermark masks", WATERMARK_MASK_CACHE_BYTES);

/**
 * How much of the ink of `text`'s mark covers each pixel of a `width` × `height` image, one byte a
 * pixel: the alpha of watermarkSvg's drawing, its 15 % opacity included. Made once per text and
 * size and kept, least recently used dropped first, within WATERMARK_MASK_CACHE_BYTES (a quarter of
 * an RGBA layer's bytes): a new reader's first page waits for it.
 */
export async function watermarkMask(text: string, width: number, height: number): Promise<Buffer> {
  const key = JSON.stringify([text, width, height]);
  const kept = masks().get(key);
  if (kept) return kept;
  const { data: tile, info } = await sharp(Buffer.from(watermarkTileSvg(text, width)))
    .extractChannel("alpha")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const mask = rotateTile(tile, info.width, info.height, text, width, height);
  masks().set(key, mask);
  return mask;
}

/**
 * The mask of the whole image from one rasterised period of the rows (watermarkTileSvg): each
 * pixel's centre turned into the rows' frame and looked up in the tile, wrapped both ways, between
 * its four nearest tile pixels. librsvg drawing every copy on the page took 45 to 130 ms at
 * 1280 px; the tile is a tenth of the glyphs, and this walk about 15 ms. Rows of the tile with no
 * ink (three quarters of them) are skipped.
 */
function rotateTile(tile: Buffer, tileWidth: number, tileHeight: number, text: string, width: number, height: number): Buffer {
  const { size } = watermarkLattice(text, width);
  const reach = watermarkReach(width, height);
  const radians = (WATERMARK_ANGLE_DEGREES * Math.PI) / 180;
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  const inked = new Uint8Array(tileHeight);
  for (let row = 0; row < tileHeight; row++) {
    for (let x = 0; x < tileWidth; x++) if (tile[row * tileWidth + x] !== 0) inked[row] = 1;
  }
  const mask = Buffer.alloc(width * height);
  const dx = 0.5 - width / 2;
  for (let y = 0, at = 0; y < height; y++) {
    const dy = y + 0.5 - height / 2;
    // The tile's pixel centres sit at half-pixels: sampling at (u − ½, v − ½) puts them on whole
    // numbers. Both only grow along a row, so wrapping them is a subtraction, not a division.
    let u = wrap(cos * dx - sin * dy + reach - 0.5, tileWidth);
    let v = wrap(sin * dx + cos * dy + reach + size - 0.5, tileHeight);
    for (let x = 0; x < width; x++, at++) {
      const top = v | 0;
      const bottom = top + 1 === tileHeight ? 0 : top + 1;
      if (inked[top] !== 0 || inked[bottom] !== 0) {
        const left = u | 0;
        const right = left + 1 === tileWidth ? 0 : left + 1;
        const fu = u - left;
        const fv = v - top;
        const upper = tile[top * tileWidth + left]! * (1 - fu) + tile[top * tileWidth + right]! * fu;
        const lower = tile[bottom * tileWidth + left]! * (1 - fu) + tile[bottom * tileWidth + right]! * fu;
        mask[at] = upper * (1 - fv) + lower * fv + 0.5;
      }
      u += cos;
      if (u >= tileWidth) u -= tileWidth;
      v += sin;
      if (v >= tileHeight) v -= tileHeight;
    }
  }
  return mask;
}

const wrap = (value: number, period: number) => value - Math.floor(value / period) * period;

/** The masks kept now, for tests. */
export function watermarkMaskCacheLoad(): { masks: number; bytes: number } {
  const { entries, bytes } = masks().load();
  return { masks: entries, bytes };
}
