export type Dimensions = { width: number; height: number };

/**
 * The width and height an image's header declares, read from its bytes alone so that a logo can be
 * refused before libvips decodes (or even parses) anything. Each reader follows the structure the
 * decoder itself follows (PNG's first chunk, JPEG's chain of segments, WebP's first chunk), so the
 * figures are the ones the decoder would use; anything it cannot follow exactly is null, refused.
 */
export function declaredDimensions(bytes: Buffer, format: "png" | "jpeg" | "webp"): Dimensions | null {
  const dimensions = format === "png" ? pngDimensions(bytes) : format === "jpeg" ? jpegDimensions(bytes) : webpDimensions(bytes);
  return dimensions && dimensions.width > 0 && dimensions.height > 0 ? dimensions : null;
}

/** PNG requires IHDR as the first chunk, 13 bytes long: width and height as 32-bit big-endian. */
function pngDimensions(bytes: Buffer): Dimensions | null {
  if (bytes.length < 24 || bytes.readUInt32BE(8) !== 13 || bytes.toString("latin1", 12, 16) !== "IHDR") return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC are other tables. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
const START_OF_SCAN = 0xda;
const END_OF_IMAGE = 0xd9;

/**
 * JPEG: segment after segment from just past SOI, each a marker and a length that covers itself,
 * until the frame header (SOF: precision, height, width). A thumbnail's SOF inside an EXIF segment
 * is skipped with its segment, as the decoder skips it. Bytes where a marker must be, or scan data
 * before any frame, are not followed.
 */
function jpegDimensions(bytes: Buffer): Dimensions | null {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    // A marker may be preceded by any number of 0xFF fill bytes.
    if (marker === 0xff) {
      offset++;
      continue;
    }
    if (marker === START_OF_SCAN || marker === END_OF_IMAGE) return null;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (length < 7 || offset + 9 > bytes.length) return null;
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

/**
 * WebP: the first chunk after the RIFF header is VP8X (the canvas, which an animation's frames and
 * an image with alpha are drawn on), VP8L (lossless) or VP8 (lossy), each with its own layout.
 */
function webpDimensions(bytes: Buffer): Dimensions | null {
  if (bytes.length < 30) return null;
  const chunk = bytes.toString("latin1", 12, 16);
  if (chunk === "VP8X") {
    return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  }
  if (chunk === "VP8L") {
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8 ") {
    // A key frame's start code, then 14-bit width and height (the top two bits are a scale).
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  return null;
}
