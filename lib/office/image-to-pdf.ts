import { readFile, writeFile } from "node:fs/promises";
import { PDFDocument } from "pdf-lib";
import { ApiError } from "../errors";
import { sharp } from "../sharp";

/** Pixels an image may have: its PDF page is drawn from its decoded pixels. */
const MAX_PIXELS = 40_000_000;
/** An image is laid out at 96 dpi (a screen's pixels), in PDF points of 1/72 inch. */
const POINTS_PER_PIXEL = 72 / 96;

/**
 * Writes a one-page PDF of a PNG or JPEG, the page the image's size. Its dimensions are read from
 * the header first, so an image claiming more than MAX_PIXELS is refused before it is decoded.
 */
export async function imageToPdf(input: string, kind: "png" | "jpg", output: string): Promise<void> {
  const bytes = await readFile(input);
  const { width, height } = await sharp(bytes)
    .metadata()
    .catch(() => ({ width: undefined, height: undefined }));
  if (!width || !height) throw new ApiError("bad_request", "The image cannot be read; it may be damaged. Save it again and upload that.");
  if (width * height > MAX_PIXELS) {
    throw new ApiError(
      "bad_request",
      `The image is ${width}×${height} pixels, more than the ${MAX_PIXELS / 1_000_000} million this server takes. Scale it down and upload that.`,
    );
  }
  const pdf = await PDFDocument.create();
  const image = await (kind === "png" ? pdf.embedPng(bytes) : pdf.embedJpg(bytes)).catch(() => {
    throw new ApiError("bad_request", "The image cannot be read; it may be damaged. Save it again and upload that.");
  });
  const page = pdf.addPage([width * POINTS_PER_PIXEL, height * POINTS_PER_PIXEL]);
  page.drawImage(image, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  await writeFile(output, await pdf.save());
}
