import type { PDFiumDocument, PDFiumPage } from "@hyzyla/pdfium";
import { type PdfiumModule, rawPage } from "./pdfium-module";

/**
 * A page's text runs and links, laid over its image by the viewer (selection, find, screen
 * readers, links) so a reader never needs the PDF. Positions are fractions of the page's width and
 * height, origin top-left, the page's rotation applied: the image's own frame.
 */
export type PageLayers = {
  page: number;
  width: number;
  height: number;
  text: TextRun[];
  links: PageLink[];
};
type Box = { x: number; y: number; w: number; h: number };
export type TextRun = Box & { str: string };
export type PageLink = (Box & { page: number }) | (Box & { url: string });

/**
 * Bounds on what one page yields: files come from strangers, and a page of a million glyphs or
 * annotations must cost a bounded file and a bounded walk, not one proportional to its content.
 */
export const LAYER_LIMITS = {
  runs: 4000,
  chars: 40_000,
  charsPerRun: 2000,
  links: 500,
  /** Link annotations looked at, kept or not (a page may hold many unusable ones). */
  annotationsScanned: 2000,
  urlBytes: 2048,
  jsonBytes: 512 * 1024,
} as const;

const SAFE_URL_SCHEMES = new Set(["http:", "https:", "mailto:"]);
const PDFACTION_GOTO = 1;
const PDFACTION_URI = 3;
/** The device frame positions are computed in: large enough that its integer rounding is invisible. */
const FRAME = 1_000_000;

/** The parts of PDFium's WebAssembly the wrapper does not expose, called on its own module. */
type PdfiumExports = PdfiumModule<{
  _FPDF_ClosePage(page: number): void;
  _FPDF_GetPageWidth(page: number): number;
  _FPDF_GetPageHeight(page: number): number;
  _FPDF_PageToDevice(
    page: number,
    startX: number,
    startY: number,
    sizeX: number,
    sizeY: number,
    rotate: number,
    pageX: number,
    pageY: number,
    deviceX: number,
    deviceY: number,
  ): number;
  _FPDFText_LoadPage(page: number): number;
  _FPDFText_ClosePage(textPage: number): void;
  _FPDFText_CountChars(textPage: number): number;
  _FPDFText_GetUnicode(textPage: number, index: number): number;
  _FPDFText_GetCharBox(textPage: number, index: number, left: number, right: number, bottom: number, top: number): number;
  _FPDFLink_Enumerate(page: number, startPos: number, link: number): number;
  _FPDFLink_GetAnnotRect(link: number, rect: number): number;
  _FPDFLink_GetDest(document: number, link: number): number;
  _FPDFLink_GetAction(link: number): number;
  _FPDFAction_GetType(action: number): number;
  _FPDFAction_GetDest(document: number, action: number): number;
  _FPDFAction_GetURIPath(document: number, action: number, buffer: number, length: number): number;
  _FPDFDest_GetDestPageIndex(document: number, dest: number): number;
}>;

const pageHandle = (pdfPage: PDFiumPage) => rawPage<PdfiumExports>(pdfPage);

/** Frees a page the wrapper did not draw (drawing closes it). */
export function closePage(pdfPage: PDFiumPage) {
  const { module, pageIdx } = pageHandle(pdfPage);
  module._FPDF_ClosePage(pageIdx);
}

type Handles = { module: PdfiumExports; page: number; document: number; pageCount: number };

/** The text and links of `page` (1-based), bounded by LAYER_LIMITS. Runs in the PDF worker, beside drawing the page. */
export function extractPageLayers(document: PDFiumDocument, pdfPage: PDFiumPage, page: number): PageLayers {
  const { module, pageIdx } = pageHandle(pdfPage);
  const handles: Handles = {
    module,
    page: pageIdx,
    document: (document as unknown as { documentIdx: number }).documentIdx,
    pageCount: document.getPageCount(),
  };
  const layers: PageLayers = {
    page,
    width: round(module._FPDF_GetPageWidth(pageIdx), 2),
    height: round(module._FPDF_GetPageHeight(pageIdx), 2),
    text: withScratch(module, 64, (scratch) => textRuns(handles, scratch)),
    links: withScratch(module, 64, (scratch) => links(handles, scratch)),
  };
  while (JSON.stringify(layers).length > LAYER_LIMITS.jsonBytes && layers.text.length > 0) {
    layers.text = layers.text.slice(0, Math.floor(layers.text.length / 2));
  }
  return layers;
}

function withScratch<T>(module: PdfiumExports, bytes: number, run: (ptr: number) => T): T {
  const ptr = module.wasmExports.malloc(bytes);
  if (!ptr) throw new Error("PDFium is out of memory");
  try {
    return run(ptr);
  } finally {
    module.wasmExports.free(ptr);
  }
}

// WebAssembly memory may grow during any call, which detaches earlier views: read through a fresh one.
const view = (module: PdfiumExports) => new DataView(module.HEAPU8.buffer);

type Run = { str: string; left: number; right: number; bottom: number; top: number };

/**
 * The page's text as runs: characters in reading order joined while they continue one line (same
 * height band, moving right, no wide gap), each run's box the union of its characters'. One pass
 * over the characters, so a page crowded with text costs time in proportion to LAYER_LIMITS.chars.
 */
function textRuns(handles: Handles, scratch: number): TextRun[] {
  const { module, page } = handles;
  const textPage = module._FPDFText_LoadPage(page);
  if (!textPage) return [];
  try {
    const chars = Math.min(module._FPDFText_CountChars(textPage), LAYER_LIMITS.chars);
    const runs: Run[] = [];
    let run: Run | null = null;
    for (let i = 0; i < chars && runs.length < LAYER_LIMITS.runs; i++) {
      const code = module._FPDFText_GetUnicode(textPage, i);
      const char = code > 0xffff && code <= 0x10ffff ? String.fromCodePoint(code) : String.fromCharCode(code & 0xffff);
      if (char === "\r" || char === "\n" || CONTROL.test(char)) {
        run = null;
        continue;
      }
      const box = module._FPDFText_GetCharBox(textPage, i, scratch, scratch + 8, scratch + 16, scratch + 24)
        ? charBox(module, scratch)
        : null;
      if (!box || box.right <= box.left || box.top <= box.bottom) {
        // A space PDFium put between words has no box: it belongs to the run it sits in.
        if (run && char.trim() === "" && run.str.length < LAYER_LIMITS.charsPerRun) run.str += " ";
        continue;
      }
      if (run && continuesLine(run, box) && run.str.length < LAYER_LIMITS.charsPerRun) {
        run.str += char;
        run.right = Math.max(run.right, box.right);
        run.bottom = Math.min(run.bottom, box.bottom);
        run.top = Math.max(run.top, box.top);
      } else {
        run = { str: char, ...box };
        runs.push(run);
      }
    }
    return runs.flatMap(({ str, left, top, right, bottom }) => {
      const text = str.trimEnd();
      const frame = text.trim() === "" ? null : toFrame(handles, scratch + 32, left, top, right, bottom);
      return frame ? [{ str: text, ...frame }] : [];
    });
  } finally {
    module._FPDFText_ClosePage(textPage);
  }
}

// PDFs carry NULs and other controls a text layer must not show.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f\ufffe\uffff]/;

function charBox(module: PdfiumExports, scratch: number) {
  const heap = view(module);
  const [left, right, bottom, top] = [0, 8, 16, 24].map((offset) => heap.getFloat64(scratch + offset, true)) as [
    number,
    number,
    number,
    number,
  ];
  return { left, right, bottom, top };
}

/** Whether a character continues a run's line: its middle within the run's height band, not behind it, not past a wide gap. */
function continuesLine(run: Run, box: Omit<Run, "str">): boolean {
  const middle = (box.top + box.bottom) / 2;
  const height = Math.max(run.top - run.bottom, box.top - box.bottom);
  return middle >= run.bottom && middle <= run.top && box.left >= run.right - height / 2 && box.left - run.right <= height * 2;
}

function links({ module, page, document, pageCount }: Handles, scratch: number): PageLink[] {
  const found: PageLink[] = [];
  const startPos = scratch;
  const linkPtr = scratch + 4;
  const rect = scratch + 8;
  view(module).setInt32(startPos, 0, true);
  for (let scanned = 0; scanned < LAYER_LIMITS.annotationsScanned && found.length < LAYER_LIMITS.links; scanned++) {
    if (!module._FPDFLink_Enumerate(page, startPos, linkPtr)) break;
    const link = view(module).getUint32(linkPtr, true);
    if (!link || !module._FPDFLink_GetAnnotRect(link, rect)) continue;
    const heap = view(module);
    const [left, top, right, bottom] = [0, 4, 8, 12].map((offset) => heap.getFloat32(rect + offset, true)) as [
      number,
      number,
      number,
      number,
    ];
    const target = linkTarget(module, document, link, pageCount);
    const box = target && toFrame({ module, page } as Handles, scratch + 32, left, top, right, bottom);
    if (target && box) found.push({ ...box, ...target });
  }
  return found;
}

/** Where a link goes: a page of this document, or a web or mail address; null for anything else (scripts, files, other documents). */
function linkTarget(module: PdfiumExports, document: number, link: number, pageCount: number): { page: number } | { url: string } | null {
  const dest = module._FPDFLink_GetDest(document, link);
  if (dest) return pageTarget(module._FPDFDest_GetDestPageIndex(document, dest), pageCount);
  const action = module._FPDFLink_GetAction(link);
  if (!action) return null;
  const type = module._FPDFAction_GetType(action);
  if (type === PDFACTION_GOTO) {
    const actionDest = module._FPDFAction_GetDest(document, action);
    return actionDest ? pageTarget(module._FPDFDest_GetDestPageIndex(document, actionDest), pageCount) : null;
  }
  if (type !== PDFACTION_URI) return null;
  const length = module._FPDFAction_GetURIPath(document, action, 0, 0);
  if (length <= 1 || length > LAYER_LIMITS.urlBytes) return null;
  const uri = withScratch(module, length, (buffer) => {
    module._FPDFAction_GetURIPath(document, action, buffer, length);
    return Buffer.from(module.HEAPU8.slice(buffer, buffer + length - 1)).toString("latin1");
  });
  return safeUrl(uri);
}

const pageTarget = (index: number, pageCount: number) => (index >= 0 && index < pageCount ? { page: index + 1 } : null);

/** A link's address as a browser would follow it, when it is a web or mail address. */
export function safeUrl(uri: string): { url: string } | null {
  try {
    const url = new URL(uri.trim());
    return SAFE_URL_SCHEMES.has(url.protocol) ? { url: url.href } : null;
  } catch {
    return null;
  }
}

/** A rectangle in page space as fractions of the drawn page, origin top-left; null when it has no area on the page. */
function toFrame({ module, page }: Handles, scratch: number, left: number, top: number, right: number, bottom: number): Box | null {
  const corner = (x: number, y: number) => {
    module._FPDF_PageToDevice(page, 0, 0, FRAME, FRAME, 0, x, y, scratch, scratch + 4);
    const heap = view(module);
    return [heap.getInt32(scratch, true) / FRAME, heap.getInt32(scratch + 4, true) / FRAME] as const;
  };
  const [x1, y1] = corner(left, top);
  const [x2, y2] = corner(right, bottom);
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  const [x, y] = [clamp(Math.min(x1, x2)), clamp(Math.min(y1, y2))];
  const [w, h] = [clamp(Math.max(x1, x2)) - x, clamp(Math.max(y1, y2)) - y];
  if (!(w > 0 && h > 0)) return null;
  return { x: round(x, 5), y: round(y, 5), w: round(w, 5), h: round(h, 5) };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
