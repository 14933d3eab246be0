import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

/** Images a hostile uploader would send as a logo, built here so the tests need no binary files. */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An 8-bit RGB PNG of `width`×`height` whose IDAT holds `data`, deflated. */
function rgbPng(width: number, height: number, data: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(data, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A well-formed PNG header declaring `width`×`height` RGB pixels over a few bytes of data: a pixel bomb. */
export function pngDeclaring(width: number, height: number): Buffer {
  return rgbPng(width, height, Buffer.alloc(1024));
}

/**
 * A complete PNG of `width`×`height` black pixels that decodes without error: every row is a filter
 * byte and zeros, which deflate shrinks about a thousandfold. At 1 × 25,000,000 (at the pixel cap)
 * it is 97 KB, and libvips took 3.9 s to decode it.
 */
export function blackPng(width: number, height: number): Buffer {
  return rgbPng(width, height, Buffer.alloc((1 + width * 3) * height));
}

/** A real image in the given format, `width`×`height`, filled with one colour. */
export function solidImage(format: "png" | "jpeg" | "webp" | "gif", width = 64, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#2453e0" } })
    .toFormat(format)
    .toBuffer();
}

export const HTML_TAIL = "<html><body><script>alert(document.cookie)</script></body></html>";

export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
