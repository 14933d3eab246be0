import { PDFDocument } from "pdf-lib";
import { drawWatermark } from "./draw-watermark";
import { PdfRefused } from "./inspect-pdf";

/**
 * A new file: the PDF (one that passed inspection at upload) with `text` drawn over every page.
 * Runs in the PDF worker process, under its memory and time limits.
 */
export async function watermarkPdf(bytes: Uint8Array, text: string, maxPages: number): Promise<{ bytes: Uint8Array; pageCount: number }> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { updateMetadata: false });
  } catch {
    throw new PdfRefused("The PDF could not be read; it may be corrupt or truncated.");
  }
  const pageCount = document.getPageCount();
  if (pageCount > maxPages) throw new PdfRefused(`The PDF has ${pageCount} pages; the limit is ${maxPages}.`);
  await drawWatermark(document, text);
  return { bytes: await document.save({ useObjectStreams: false }), pageCount };
}
