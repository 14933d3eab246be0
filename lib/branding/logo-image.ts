import { createHash } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { ApiError } from "../errors";
import { BODY_LIMITS } from "../request/read-body";

/** The largest logo file accepted, read with this cap before any parsing (lib/request/read-body.ts). */
export const MAX_LOGO_BYTES = BODY_LIMITS.logo;
/** What the logo is re-encoded to fit: a header's height, a wordmark's width. */
export const LOGO_BOX = { width: 512, height: 128 } as const;
/**
 * Pixels a logo may declare before anything is decoded: 25 megapixels (a 5000×5000 image) is far
 * above any logo, while a 30000×30000 "pixel bomb" (3.6 GB decoded) is refused from its header.
 */
export const MAX_LOGO_PIXELS = 25_000_000;

export type LogoFormat = "png" | "jpeg" | "webp";

export type ProcessedLogo = {
  data: Buffer;
  contentType: "image/png";
  width: number;
  height: number;
  /** sha256 of `data`, hex: the logo's URL version. */
  hash: string;
};

const refuse = (message: string) => new ApiError("bad_request", message, { fields: { logo: message } });
const ACCEPTED = "Upload the logo as a PNG, JPEG or WebP image.";

/**
 * The image's type from its first bytes, never from its name or the request's Content-Type. SVG and
 * GIF are recognised only to say why they are refused.
 */
export function sniffLogoFormat(bytes: Buffer): LogoFormat | "svg" | "gif" | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP") return "webp";
  const head = bytes.subarray(0, 6).toString("latin1");
  if (head === "GIF87a" || head === "GIF89a") return "gif";
  // Text that opens with markup (after a BOM or whitespace) and names an <svg> element.
  const text = bytes
    .subarray(0, 4096)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (text.startsWith("<") && /<svg[\s>]/i.test(text)) return "svg";
  return null;
}

/**
 * A logo as we serve it: decoded by libvips from the bytes the type sniffing named (a pixel bomb is
 * refused from its header, before decoding; an animation gives its first frame), turned upright,
 * fitted inside 512×128 and re-encoded as a fresh PNG without metadata. Nothing of the uploaded
 * file (EXIF, comments, bytes after the image, a polyglot's HTML) reaches readers.
 */
export async function processLogo(bytes: Buffer): Promise<ProcessedLogo> {
  if (bytes.length === 0) throw refuse("Choose an image to upload.");
  if (bytes.length > MAX_LOGO_BYTES) throw new ApiError("payload_too_large", "The logo is larger than the 1 MB allowed.");
  const format = sniffLogoFormat(bytes);
  if (format === "svg") {
    throw refuse("SVG logos are not accepted: they can carry scripts. Export the logo as a PNG or WebP and upload that.");
  }
  if (format === "gif") throw refuse(`GIF logos are not accepted. ${ACCEPTED}`);
  if (!format) throw refuse(`This file is not an image we accept. ${ACCEPTED}`);

  const options = { limitInputPixels: MAX_LOGO_PIXELS, failOn: "error", pages: 1 } as const;
  let meta: Metadata;
  try {
    // The header alone (no pixels are decoded), so a bomb gets its own message; decoding keeps the limit.
    meta = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw refuse(`This image could not be read. ${ACCEPTED}`);
  }
  if (meta.format !== format) throw refuse(`This image could not be read. ${ACCEPTED}`);
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_LOGO_PIXELS) {
    throw refuse("This image has too many pixels for a logo. Use one under 5000×5000 pixels.");
  }
  try {
    const { data, info } = await sharp(bytes, options)
      .rotate()
      .resize({ ...LOGO_BOX, fit: "inside", withoutEnlargement: true })
      .png({ compressionLevel: 9, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return {
      data,
      contentType: "image/png",
      width: info.width,
      height: info.height,
      hash: createHash("sha256").update(data).digest("hex"),
    };
  } catch {
    throw refuse(`This image could not be read. ${ACCEPTED}`);
  }
}
