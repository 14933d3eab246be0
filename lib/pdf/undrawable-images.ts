import type { PDFiumPage } from "@hyzyla/pdfium";
import { type PdfiumModule, rawPage } from "./pdfium-module";

/**
 * Image codings this build of PDFium draws as blank paper: its JBIG2 decoder leaves an MMR-coded
 * region white (docs/decisions.md). A page holding one is drawn by pdf.js in the worker instead
 * (lib/pdf/pdfjs-page-drawer.ts), never handed to a reader as blank paper drawn by PDFium.
 */
const UNDRAWABLE_FILTERS = new Set(["JBIG2Decode"]);

const FPDF_PAGEOBJ_IMAGE = 3;
const FPDF_PAGEOBJ_FORM = 5;
/** A page is a stranger's file: the walk over its objects and nested forms is bounded. */
const MAX_OBJECTS = 20_000;
const MAX_FORM_DEPTH = 8;

type PdfiumExports = PdfiumModule<{
  _FPDFPage_CountObjects(page: number): number;
  _FPDFPage_GetObject(page: number, index: number): number;
  _FPDFFormObj_CountObjects(form: number): number;
  _FPDFFormObj_GetObject(form: number, index: number): number;
  _FPDFPageObj_GetType(object: number): number;
  _FPDFImageObj_GetImageFilterCount(image: number): number;
  _FPDFImageObj_GetImageFilter(image: number, index: number, buffer: number, length: number): number;
}>;

/** Whether the page holds an image PDFium would draw blank (see UNDRAWABLE_FILTERS). */
export function holdsUndrawableImage(pdfPage: PDFiumPage): boolean {
  const { module, pageIdx } = rawPage<PdfiumExports>(pdfPage);
  let visited = 0;
  const scan = (count: number, objectAt: (index: number) => number, depth: number): boolean => {
    for (let i = 0; i < count && visited < MAX_OBJECTS; i++, visited++) {
      const object = objectAt(i);
      if (!object) continue;
      const type = module._FPDFPageObj_GetType(object);
      if (type === FPDF_PAGEOBJ_IMAGE && imageFilters(module, object).some((filter) => UNDRAWABLE_FILTERS.has(filter))) return true;
      if (type === FPDF_PAGEOBJ_FORM && depth < MAX_FORM_DEPTH) {
        const inner = module._FPDFFormObj_CountObjects(object);
        if (inner > 0 && scan(inner, (index) => module._FPDFFormObj_GetObject(object, index), depth + 1)) return true;
      }
    }
    return false;
  };
  return scan(module._FPDFPage_CountObjects(pageIdx), (index) => module._FPDFPage_GetObject(pageIdx, index), 0);
}

/** An image's filter names; a name longer than any real one is not ours to match and is skipped. */
function imageFilters(module: PdfiumExports, image: number): string[] {
  const filters: string[] = [];
  const count = Math.min(module._FPDFImageObj_GetImageFilterCount(image), 8);
  const buffer = module.wasmExports.malloc(64);
  try {
    for (let i = 0; i < count; i++) {
      const length = module._FPDFImageObj_GetImageFilter(image, i, buffer, 64);
      if (length < 1 || length > 64) continue;
      filters.push(new TextDecoder().decode(module.HEAPU8.subarray(buffer, buffer + length - 1)));
    }
  } finally {
    module.wasmExports.free(buffer);
  }
  return filters;
}
