import { PDFDocument } from "pdf-lib";
import { decryptPdf } from "./decrypt-pdf";
import { usablePdfTitle } from "../rules/pdf-title";

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

export type Inspected = {
  document: PDFDocument;
  pageCount: number;
  firstPageAspect: number;
  /** The title the file gives itself, when it names the document (lib/rules/pdf-title.ts): Info's Title, else XMP's dc:title. */
  title: string | null;
  /** The file without its encryption, when it was encrypted yet opens without a password: what to keep instead. */
  decrypted: Uint8Array | null;
};

/**
 * Checks that bytes are a PDF anyone can open, and counts its pages. Refused: no `%PDF-` header,
 * unparseable or truncated, needing a password, without pages, or with more than `maxPages`. An
 * encrypted file that opens without a password is decrypted and the copy inspected instead. Also
 * gives the shape of page 1 as displayed (height ÷ width, rotation applied) and the file's own
 * title, read from the parse that proved the file. Runs in the PDF worker process.
 */
export async function inspectPdf(bytes: Uint8Array, maxPages: number): Promise<Inspected> {
  if (bytes.length < PDF_MAGIC.length || !Buffer.from(bytes.subarray(0, PDF_MAGIC.length)).equals(PDF_MAGIC)) {
    throw new PdfRefused("The file is not a PDF (it does not start with %PDF-). Upload a PDF document.");
  }
  const loaded = await loadPdf(bytes);
  if (loaded !== "encrypted") return { ...(await inspectLoaded(loaded, bytes, maxPages)), decrypted: null };
  const decrypted = await decryptPdf(bytes);
  const document = decrypted && (await loadPdf(decrypted));
  if (!decrypted || !document || document === "encrypted") throw new PdfRefused(ENCRYPTED);
  return { ...(await inspectLoaded(document, decrypted, maxPages)), decrypted };
}

/** pdf-lib's parse of the file; it refuses any encrypted file, which is told apart. */
async function loadPdf(bytes: Uint8Array): Promise<PDFDocument | "encrypted"> {
  try {
    return await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (error) {
    if ((error as Error).name === "EncryptedPDFError" || /encrypt/i.test((error as Error).message)) return "encrypted";
    throw new PdfRefused(UNREADABLE);
  }
}

/** pdf.js (via unpdf) proves the whole file parses, as pdf-lib's lenient parse does not. */
async function inspectLoaded(document: PDFDocument, bytes: Uint8Array, maxPages: number): Promise<Omit<Inspected, "decrypted">> {
  let pages: number;
  try {
    pages = document.getPageCount();
  } catch {
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
    return { document, pageCount: pdf.numPages, firstPageAspect: height / width, title: await ownTitle(pdf) };
  } catch (error) {
    if (error instanceof PdfRefused) throw error;
    throw new PdfRefused(UNREADABLE);
  } finally {
    await pdf.cleanup();
  }
}

type PdfProxy = Awaited<ReturnType<(typeof import("unpdf"))["getDocumentProxy"]>>;

/** Metadata that does not parse is no title, never a refusal: the file itself was proved above. */
async function ownTitle(pdf: PdfProxy): Promise<string | null> {
  const { info, metadata } = await pdf.getMetadata().catch(() => ({ info: undefined, metadata: null }));
  return usablePdfTitle((info as { Title?: unknown } | undefined)?.Title) ?? usablePdfTitle(metadata?.get("dc:title"));
}
