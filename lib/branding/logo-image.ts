import { createHash } from "node:crypto";
import { sharp } from "../sharp";
import { ApiError } from "../errors";
import { BODY_LIMITS } from "../request/read-body";
import { declaredDimensions } from "./declared-dimensions";
import { logoGate } from "./logo-gate";

/** The largest logo file accepted, read with this cap before any parsing (lib/request/read-body.ts). */
export const MAX_LOGO_BYTES = BODY_LIMITS.logo;
/** What the logo is re-encoded to fit: a header's height, a wordmark's width. */
export const LOGO_BOX = { width: 512, height: 128 } as const;
/**
 * Pixels a logo may declare: 25 megapixels (a 5000×5000 image) is far above any logo, while a
 * 30000×30000 "pixel bomb" (3.6 GB decoded) is refused from its header. Decoding keeps the limit.
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
 * What a logo's header may declare, checked before libvips parses anything: each side at most
 * 8,000 pixels and the longer at most 20 times the shorter, besides the pixel count. libvips' cost
 * follows the shape as well as the area: a 1 × 25,000,000 PNG of 97 KB (at the pixel cap) took 3.9 s
 * to decode, while the costliest 5000 × 5000 one (interlaced) takes under 0.3 s.
 */
export const MAX_LOGO_SIDE = 8000;
export const MAX_LOGO_ASPECT = 20;

const count = (n: number) => n.toLocaleString("en-US");

/** Refuses, from the bytes alone, anything but a PNG, JPEG or WebP of a logo's size and shape. */
function checkLogo(bytes: Buffer): void {
  if (bytes.length === 0) throw refuse("Choose an image to upload.");
  if (bytes.length > MAX_LOGO_BYTES) throw new ApiError("payload_too_large", "The logo is larger than the 1 MB allowed.");
  const format = sniffLogoFormat(bytes);
  if (format === "svg") {
    throw refuse("SVG logos are not accepted: they can carry scripts. Export the logo as a PNG or WebP and upload that.");
  }
  if (format === "gif") throw refuse(`GIF logos are not accepted. ${ACCEPTED}`);
  if (!format) throw refuse(`This file is not an image we accept. ${ACCEPTED}`);

  const declared = declaredDimensions(bytes, format);
  if (!declared) throw refuse(`This image could not be read. ${ACCEPTED}`);
  const { width, height } = declared;
  const size = `This image is ${count(width)} × ${count(height)} pixels`;
  if (width > MAX_LOGO_SIDE || height > MAX_LOGO_SIDE) {
    throw refuse(
      `${size}; a logo may be at most ${count(MAX_LOGO_SIDE)} pixels wide and ${count(MAX_LOGO_SIDE)} high. Resize it and upload it again.`,
    );
  }
  if (Math.max(width, height) > MAX_LOGO_ASPECT * Math.min(width, height)) {
    throw refuse(
      `${size}; a logo's longer side may be at most ${MAX_LOGO_ASPECT} times its shorter side. Crop it closer and upload it again.`,
    );
  }
  if (width * height > MAX_LOGO_PIXELS) throw refuse("This image has too many pixels for a logo. Use one under 5000×5000 pixels.");
}

/**
 * A logo as we serve it: checked from its header first (type, sides, shape, pixels), then decoded by
 * libvips through the logo gate (one at a time in the process, one per account, 429 past its bounds;
 * lib/branding/logo-gate.ts), turned upright, fitted inside 512×128 and re-encoded as a fresh PNG
 * without metadata (an animation gives its first frame). Nothing of the uploaded file (EXIF,
 * comments, bytes after the image, a polyglot's HTML) reaches readers.
 */
export async function processLogo(bytes: Buffer, account: string): Promise<ProcessedLogo> {
  checkLogo(bytes);
  return logoGate().run(account, () => reencode(bytes));
}

async function reencode(bytes: Buffer): Promise<ProcessedLogo> {
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_LOGO_PIXELS, failOn: "error", pages: 1 })
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
