import type { PDFiumPage } from "@hyzyla/pdfium";

/**
 * PDFium's WebAssembly module as the @hyzyla/pdfium wrapper holds it: its memory and allocator, and
 * the raw `_FPDF*` calls a caller needs that the wrapper does not expose (`Calls`, each caller's own).
 */
export type PdfiumModule<Calls> = Calls & {
  HEAPU8: Uint8Array;
  wasmExports: { malloc(size: number): number; free(ptr: number): void };
};

/** A page's module and PDFium handle, which the wrapper keeps private. */
export const rawPage = <Calls>(pdfPage: PDFiumPage) => pdfPage as unknown as { module: PdfiumModule<Calls>; pageIdx: number };
