import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { PDFiumLibrary, type PDFiumPage } from "@hyzyla/pdfium";
import { sharp } from "../sharp";
import type { PageImageRequest, RenderedPage } from "./pdf-job";
import { PdfRefused } from "./inspect-pdf";
import { holdsUndrawableImage } from "./undrawable-images";
import { pageFileName, type PageFile, type PageImageVariant, ZOOM_IMAGE_WIDTHS } from "../storage/document-keys";
import { closePage, extractPageLayers } from "./page-layers";
import { type PageBitmap, pdfjsPageDrawer } from "./pdfjs-page-drawer";

/** The reading image's width: sharp on a 1280 px wide column. */
export const PAGE_IMAGE_WIDTH = 1280;
/** A phone's column, resized from the reading image's bitmap. */
export const SMALL_IMAGE_WIDTH = 640;
/** Zoom past the reading image, drawn on request. */
export const THUMB_WIDTH = 320;
/** A very tall page (a receipt, a long infographic) is drawn narrower rather than into a huge bitmap. */
const MAX_IMAGE_HEIGHT = 4096;

/**
 * PDFium's WebAssembly, compiled once per worker process; each job gets a fresh instance and
 * destroys it, since WebAssembly memory only grows and is freed only with its instance.
 */
let compiled: Promise<WebAssembly.Module> | undefined;
const pdfiumModule = () =>
  (compiled ??= readFile(createRequire(import.meta.url).resolve("@hyzyla/pdfium/pdfium.wasm")).then((bytes) => WebAssembly.compile(bytes)));

/** The pixel size of a page's image `maxWidth` wide, from its size in points (rotation applied). */
export function pageImageSize(widthPt: number, heightPt: number, maxWidth = PAGE_IMAGE_WIDTH): { width: number; height: number } {
  const aspect = heightPt > 0 && widthPt > 0 ? heightPt / widthPt : 1;
  const maxHeight = Math.round((MAX_IMAGE_HEIGHT * maxWidth) / PAGE_IMAGE_WIDTH);
  const width = Math.max(1, Math.min(maxWidth, Math.floor(maxHeight / aspect)));
  return { width, height: Math.max(1, Math.round(width * aspect)) };
}

/**
 * Draws pages `from..to` of a PDF with PDFium (Chrome's PDF engine, as WebAssembly) and writes
 * each page's files into `outputDir` (named by lib/storage/document-keys.ts): `request.outputs`
 * says which (PageOutputs). A page holding an image PDFium would draw blank (JBIG2) gets its pixels
 * from pdf.js instead, its text and links still from PDFium.
 * Runs in the PDF worker process, whose memory ceiling and time limit bound a page that is a bomb.
 */
export async function renderPages(bytes: Uint8Array, request: PageImageRequest, maxPages: number): Promise<RenderedPage[]> {
  const compiledModule = await pdfiumModule();
  const library = await PDFiumLibrary.init({
    // Emscripten passes the instance, though the wrapper's type names it a module.
    instantiateWasm: (imports, done) => {
      void WebAssembly.instantiate(compiledModule, imports).then((instance) => done(instance as unknown as WebAssembly.Module));
      return {};
    },
  });
  try {
    const document = await library.loadDocument(bytes);
    try {
      const pageCount = document.getPageCount();
      if (pageCount > maxPages) throw new PdfRefused(`The PDF has ${pageCount} pages; at most ${maxPages} are accepted.`);
      const rendered: RenderedPage[] = [];
      const pdfjs = pdfjsPageDrawer(bytes);
      try {
        for (let page = request.from; page <= Math.min(request.to, pageCount); page++) {
          const drawn = await renderPage(document, page, request, pdfjs);
          // Rendering ends at a page it cannot draw truly, as at one past the worker's limits.
          if (!drawn) break;
          rendered.push(drawn);
        }
      } finally {
        await pdfjs.close();
      }
      return rendered;
    } finally {
      document.destroy();
    }
  } finally {
    library.destroy();
  }
}

type PdfiumDocument = Awaited<ReturnType<PDFiumLibrary["loadDocument"]>>;

async function renderPage(
  document: PdfiumDocument,
  page: number,
  request: PageImageRequest,
  pdfjs: ReturnType<typeof pdfjsPageDrawer>,
): Promise<RenderedPage | null> {
  const started = performance.now();
  const outputs = request.outputs ?? "every";
  const write = async (file: PageFile, bytes: Buffer) => {
    await writeFile(path.join(request.outputDir, pageFileName(page, file)), bytes);
    return [file, bytes.length] as const;
  };
  const pdfPage = document.getPage(page - 1);
  // Drawing closes the page, so its text and links are read first: from PDFium even where pdf.js draws the pixels.
  const zoom = outputs === "every" || outputs === "layers" ? null : outputs;
  const layers = zoom ? null : Buffer.from(JSON.stringify(extractPageLayers(document, pdfPage, page)));
  if (outputs === "layers") {
    closePage(pdfPage);
    return { page, ms: elapsed(started), files: Object.fromEntries([await write("layers", layers!)]) };
  }
  const { originalWidth, originalHeight } = pdfPage.getOriginalSize();
  const size = pageImageSize(originalWidth, originalHeight, zoom ? ZOOM_IMAGE_WIDTHS[zoom] : PAGE_IMAGE_WIDTH);
  const bitmap = await drawPixels(pdfPage, page, size, pdfjs);
  if (!bitmap) return null;
  const pixels = sharp(Buffer.from(bitmap.data.buffer, bitmap.data.byteOffset, bitmap.data.byteLength), {
    raw: { width: bitmap.width, height: bitmap.height, channels: 4 },
  }).removeAlpha();
  // Effort 2 of 6: within a few percent of the default's size at half its encoding time.
  const encode = (file: PageImageVariant, resizeTo: number | null, quality: number) =>
    (resizeTo ? pixels.clone().resize({ width: resizeTo, withoutEnlargement: true }) : pixels.clone())
      .webp({ quality, effort: 2 })
      .toBuffer()
      .then((bytes) => write(file, bytes));
  const files = zoom
    ? [await encode(zoom, null, 80)]
    : await Promise.all([
        encode("page", null, 80),
        encode("w640", SMALL_IMAGE_WIDTH, 80),
        encode("thumb", THUMB_WIDTH, 75),
        write("layers", layers!),
      ]);
  return { page, ms: elapsed(started), files: Object.fromEntries(files) };
}

/** The page's pixels from PDFium, or from pdf.js where PDFium would leave an image blank; null when neither draws it truly. */
async function drawPixels(
  pdfPage: PDFiumPage,
  page: number,
  size: { width: number; height: number },
  pdfjs: ReturnType<typeof pdfjsPageDrawer>,
): Promise<PageBitmap | null> {
  if (!holdsUndrawableImage(pdfPage)) return pdfPage.render({ render: "bitmap", ...size });
  closePage(pdfPage);
  return pdfjs.draw(page, size);
}

const elapsed = (started: number) => Math.max(1, Math.round(performance.now() - started));
