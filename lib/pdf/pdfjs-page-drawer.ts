import { createRequire } from "node:module";
import path from "node:path";
import type { Canvas } from "@napi-rs/canvas";
import type { PDFDocumentLoadingTask, PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { logger } from "../log/logger";

const log = logger("pdf-worker");

/** A page drawn into RGBA pixels, white where nothing is drawn. */
export type PageBitmap = { data: Uint8Array; width: number; height: number };

/**
 * An image larger than this many pixels makes the page undrawable rather than being decoded: an A3
 * page scanned at 600 dpi is 70 million, and a claimed size past this is a stranger's bomb.
 */
const MAX_IMAGE_PIXELS = 100_000_000;

const pdfjsFolder = (folder: string) =>
  path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), folder) + path.sep;

/**
 * Draws pages PDFium cannot (its JBIG2 decoder leaves MMR regions blank, lib/pdf/undrawable-images.ts)
 * with pdf.js on @napi-rs/canvas, in the PDF worker process and so under its memory and time limits.
 * The file is opened once, on the first page asked for; `close` frees it. Every data file pdf.js
 * reads (its decoders, character maps, standard fonts, colour profiles) comes from pdfjs-dist on
 * disk: nothing is fetched.
 */
export function pdfjsPageDrawer(bytes: Uint8Array) {
  let loading: PDFDocumentLoadingTask | undefined;
  const open = async () => {
    const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
    if (loading) return loading;
    loading = await withOwnWorkerSide(() =>
      getDocument({
        // pdf.js takes the bytes over (they cross to its worker side), and PDFium's copy is separate.
        data: new Uint8Array(bytes),
        wasmUrl: pdfjsFolder("wasm"),
        cMapUrl: pdfjsFolder("cmaps"),
        standardFontDataUrl: pdfjsFolder("standard_fonts"),
        iccUrl: pdfjsFolder("iccs"),
        useWorkerFetch: false,
        disableFontFace: true,
        useSystemFonts: false,
        enableXfa: false,
        maxImageSize: MAX_IMAGE_PIXELS,
        // A content error ends the drawing instead of leaving that part of the page blank.
        stopAtErrors: true,
        verbosity: 0,
      }),
    );
    return loading;
  };
  return {
    /** Page `page` (1-based) stretched to `width`×`height`; null when pdf.js could not draw all of it. */
    async draw(page: number, { width, height }: { width: number; height: number }): Promise<PageBitmap | null> {
      try {
        const pdfPage = await (await (await open()).promise).getPage(page);
        const { createCanvas } = await import("@napi-rs/canvas");
        const canvas: Canvas = createCanvas(width, height);
        const viewport = pdfPage.getViewport({ scale: 1 });
        await pdfPage.render({
          canvas: canvas as unknown as HTMLCanvasElement,
          viewport,
          transform: [width / viewport.width, 0, 0, height / viewport.height, 0, 0],
          background: "white",
        }).promise;
        if (!(await drewEveryImage(pdfPage))) return null;
        const { data } = canvas.getContext("2d").getImageData(0, 0, width, height);
        return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width, height };
      } catch (error) {
        log.error({ err: error, page }, "pdf.js could not draw a page");
        return null;
      }
    },
    async close() {
      await loading?.destroy();
    },
  };
}

/**
 * pdf.js in Node runs its worker side in this thread, taking the copy `globalThis.pdfjsWorker` holds
 * when it first opens a file, else importing its own (which sets that global). unpdf (lib/pdf/inspect-pdf.ts)
 * bundles another pdf.js version that sets it too, and the two refuse each other's worker side. So
 * ours opens its first file with the global cleared, and unpdf's is put back (or ours removed) after.
 */
async function withOwnWorkerSide(open: () => PDFDocumentLoadingTask): Promise<PDFDocumentLoadingTask> {
  const holder = globalThis as { pdfjsWorker?: unknown };
  const theirs = holder.pdfjsWorker;
  delete holder.pdfjsWorker;
  const task = open();
  try {
    await task.promise.catch(() => undefined);
    return task;
  } finally {
    if (theirs === undefined) delete holder.pdfjsWorker;
    else holder.pdfjsWorker = theirs;
  }
}

/**
 * Whether the page painted at least one image and pdf.js decoded every image it painted. pdf.js
 * skips an image it cannot decode (its JBIG2 decoder refusing a bomb, a size past MAX_IMAGE_PIXELS)
 * and draws the rest: a scan shown as blank paper, which this refuses. Only pages holding a JBIG2
 * image come here, so a page painting none lost it.
 */
async function drewEveryImage(pdfPage: PDFPageProxy): Promise<boolean> {
  const { OPS } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const byId = new Set<number>([OPS.paintImageXObject, OPS.paintImageXObjectRepeat]);
  const inline = new Set<number>([
    OPS.paintInlineImageXObject,
    OPS.paintInlineImageXObjectGroup,
    OPS.paintImageMaskXObject,
    OPS.paintImageMaskXObjectGroup,
    OPS.paintImageMaskXObjectRepeat,
    OPS.paintSolidColorImageMask,
  ]);
  const { fnArray, argsArray } = await pdfPage.getOperatorList();
  let painted = 0;
  for (const [index, fn] of fnArray.entries()) {
    if (inline.has(fn)) painted++;
    if (!byId.has(fn)) continue;
    const id = (argsArray[index] as unknown[])[0] as string;
    const objects = id.startsWith("g_") ? pdfPage.commonObjs : pdfPage.objs;
    if (!objects.has(id) || !objects.get(id)) return false;
    painted++;
  }
  return painted > 0;
}
