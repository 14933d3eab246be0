import { PDFDocument } from "pdf-lib";

export const PDF_MAGIC = Buffer.from("%PDF-");

/** Why a file is refused; the message is shown to the uploader as is. */
export class PdfRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PdfRefused";
  }
}

const UNREADABLE = "The PDF could not be read; it may be corrupt or truncated.";
const ENCRYPTED = "The PDF is encrypted or password-protected. Upload an unprotected PDF.";

export type Inspected = { document: PDFDocument; pageCount: number; firstPageAspect: number };

/**
 * Checks that bytes are a PDF anyone can open, and counts its pages. Refused: no `%PDF-` header,
 * unparseable or truncated, encrypted, without pages, or with more than `maxPages`. Also gives the
 * shape of page 1 as displayed (height ÷ width, rotation applied). Runs in the PDF worker process.
 */
export async function inspectPdf(bytes: Uint8Array, maxPages: number): Promise<Inspected> {
  if (bytes.length < PDF_MAGIC.length || !Buffer.from(bytes.subarray(0, PDF_MAGIC.length)).equals(PDF_MAGIC)) {
    throw new PdfRefused("The file is not a PDF (it does not start with %PDF-). Upload a PDF document.");
  }
  let document: PDFDocument;
  let pages: number;
  try {
    // pdf-lib refuses any encrypted file; pdf.js (via unpdf) then proves the whole file parses.
    document = await PDFDocument.load(bytes, { updateMetadata: false });
    pages = document.getPageCount();
  } catch (error) {
    if ((error as Error).name === "EncryptedPDFError" || /encrypt/i.test((error as Error).message)) throw new PdfRefused(ENCRYPTED);
    throw new PdfRefused(UNREADABLE);
  }
  if (pages > maxPages) throw new PdfRefused(`The PDF has ${pages} pages; the limit is ${maxPages}.`);

  const { getDocumentProxy } = await import("unpdf");
  let pdf;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes), { stopAtErrors: true });
  } catch (error) {
    if ((error as Error).name === "PasswordException") throw new PdfRefused(ENCRYPTED);
    throw new PdfRefused(UNREADABLE);
  }
  try {
    if (pdf.numPages < 1) throw new PdfRefused("The PDF has no pages.");
    if (pdf.numPages > maxPages) throw new PdfRefused(`The PDF has ${pdf.numPages} pages; the limit is ${maxPages}.`);
    // Reading the last page proves the page tree is complete (truncated files fail here).
    await pdf.getPage(pdf.numPages);
    const { width, height } = (await pdf.getPage(1)).getViewport({ scale: 1 });
    return { document, pageCount: pdf.numPages, firstPageAspect: height / width };
  } catch (error) {
    if (error instanceof PdfRefused) throw error;
    throw new PdfRefused(UNREADABLE);
  } finally {
    await pdf.cleanup();
  }
}
