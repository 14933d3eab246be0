import { PDFDocument } from "pdf-lib";
import { ApiError } from "../api/errors";

export const PDF_MAGIC = Buffer.from("%PDF-");

/**
 * Checks that bytes are a PDF anyone can open, and counts its pages. Refused with 400 bad_request:
 * no `%PDF-` header, unparseable or truncated, encrypted, or without pages. Also gives the shape of
 * page 1 as displayed (height ÷ width, rotation applied).
 */
export async function inspectPdf(bytes: Uint8Array): Promise<{ pageCount: number; firstPageAspect: number }> {
  if (bytes.length < PDF_MAGIC.length || !Buffer.from(bytes.subarray(0, PDF_MAGIC.length)).equals(PDF_MAGIC)) {
    throw new ApiError("bad_request", "The file is not a PDF (it does not start with %PDF-). Upload a PDF document.");
  }
  try {
    // pdf-lib refuses any encrypted file; pdf.js (via unpdf) then proves the whole file parses.
    await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (error) {
    if ((error as Error).name === "EncryptedPDFError" || /encrypt/i.test((error as Error).message)) {
      throw new ApiError("bad_request", "The PDF is encrypted or password-protected. Upload an unprotected PDF.");
    }
    throw new ApiError("bad_request", "The PDF could not be read; it may be corrupt or truncated.");
  }
  const { getDocumentProxy } = await import("unpdf");
  let pdf;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes), { stopAtErrors: true });
  } catch (error) {
    if ((error as Error).name === "PasswordException") {
      throw new ApiError("bad_request", "The PDF is encrypted or password-protected. Upload an unprotected PDF.");
    }
    throw new ApiError("bad_request", "The PDF could not be read; it may be corrupt or truncated.");
  }
  try {
    if (pdf.numPages < 1) throw new ApiError("bad_request", "The PDF has no pages.");
    // Reading the last page proves the page tree is complete (truncated files fail here).
    await pdf.getPage(pdf.numPages);
    const { width, height } = (await pdf.getPage(1)).getViewport({ scale: 1 });
    return { pageCount: pdf.numPages, firstPageAspect: height / width };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError("bad_request", "The PDF could not be read; it may be corrupt or truncated.");
  } finally {
    await pdf.cleanup();
  }
}

/** A new PDF holding pages 1..pageCount of the given one: what readers may see before the gate. */
export async function extractLeadingPages(bytes: Uint8Array, pageCount: number): Promise<Uint8Array> {
  const source = await PDFDocument.load(bytes, { updateMetadata: false });
  const preview = await PDFDocument.create();
  const pages = await preview.copyPages(source, Array.from({ length: pageCount }, (_, i) => i));
  for (const page of pages) preview.addPage(page);
  preview.setTitle(source.getTitle() ?? "");
  return preview.save();
}
