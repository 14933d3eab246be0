import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { PDFiumLibrary } from "@hyzyla/pdfium";
import sharp from "sharp";
import type { PageImageRequest, RenderedPage } from "./pdf-job";
import { PdfRefused } from "./inspect-pdf";
import { pageImageName } from "../storage/document-keys";

/** The reading image's width: sharp on a 1280 px wide column, and what pdf.js replaces for zoom. */
export const PAGE_IMAGE_WIDTH = 1280;
export const THUMB_WIDTH = 320;
/** A very tall page (a receipt, a long infographic) is drawn narrower rather than into a huge bitmap. */
const MAX_IMAGE_HEIGHT = 4096;

// libvips keeps decoded images for reuse; here each bitmap is encoded once, so its cache only holds memory.
sharp.cache(false);

/**
 * PDFium's WebAssembly, compiled once per worker process; each job gets a fresh instance and
 * destroys it, since WebAssembly memory only grows and is freed only with its instance.
 */
let compiled: Promise<WebAssembly.Module> | undefined;
const pdfiumModule = () =>
  (compiled ??= readFile(createRequire(import.meta.url).resolve("@hyzyla/pdfium/pdfium.wasm")).then((bytes) => WebAssembly.compile(bytes)));

/** The pixel size of a page's reading image, from its size in points (rotation applied). */
export function pageImageSize(widthPt: number, heightPt: number): { width: number; height: number } {
  const aspect = heightPt > 0 && widthPt > 0 ? heightPt / widthPt : 1;
  const width = Math.max(1, Math.min(PAGE_IMAGE_WIDTH, Math.floor(MAX_IMAGE_HEIGHT / aspect)));
  return { width, height: Math.max(1, Math.round(width * aspect)) };
}

/**
 * Draws pages `from..to` of a PDF with PDFium (Chrome's PDF engine, as WebAssembly) and writes
 * each as two WebP images into `outputDir` (lib/pdf/render-names.ts), both from one bitmap.
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
      for (let page = request.from; page <= Math.min(request.to, pageCount); page++) {
        rendered.push(await renderPage(document, page, request.outputDir));
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

async function renderPage(document: PdfiumDocument, page: number, outputDir: string): Promise<RenderedPage> {
  const started = performance.now();
  const pdfPage = document.getPage(page - 1);
  const { originalWidth, originalHeight } = pdfPage.getOriginalSize();
  const bitmap = await pdfPage.render({ render: "bitmap", ...pageImageSize(originalWidth, originalHeight) });
  const pixels = sharp(Buffer.from(bitmap.data.buffer, bitmap.data.byteOffset, bitmap.data.byteLength), {
    raw: { width: bitmap.width, height: bitmap.height, channels: 4 },
  }).removeAlpha();
  // Effort 2 of 6: within a few percent of the default's size at half its encoding time.
  const [image, thumb] = await Promise.all([
    pixels.clone().webp({ quality: 80, effort: 2 }).toBuffer(),
    pixels.clone().resize({ width: THUMB_WIDTH, withoutEnlargement: true }).webp({ quality: 75, effort: 2 }).toBuffer(),
  ]);
  await Promise.all([
    writeFile(path.join(outputDir, pageImageName(page, "page")), image),
    writeFile(path.join(outputDir, pageImageName(page, "thumb")), thumb),
  ]);
  return { page, ms: Math.round(performance.now() - started), bytes: image.length, thumbBytes: thumb.length };
}
