import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { markPageUndrawable, pageImagesOf, pageUndrawable, readStoredPageFile, storePageImages } from "../../documents/page-images";
import { scratchDirectory, scratchPath } from "../../documents/preview-file";
import { ApiError } from "../../errors";
import type { Document } from "../../generated/prisma/client";
import type { PageOutputs } from "../../pdf/pdf-job";
import { runRenderJob } from "../../pdf/run-pdf-job";
import { consumeRateLimit, rateLimitHeaders } from "../../rate-limit";
import { storage, type StoredObject } from "../../storage";
import { isZoomImage, type PageFile } from "../../storage/document-keys";
import { now } from "../../time";
import { PAGE_DRAW_LIMITS } from "../doors/limits";
import { undrawablePage } from "./undrawable-page";
import { logger } from "../../log/logger";

const log = logger("page-images");

/** How long a reader's request waits for its page to be drawn before it is answered 404 (the drawing goes on and is kept). */
export const DRAW_ON_REQUEST_WAIT_MS = 15_000;

type PageDoc = Pick<Document, "id" | "storageKey" | "pageCount" | "pageImages" | "pageImagesStopped" | "undrawablePages">;

/**
 * How a drawing ended: its files `stored`; `undrawable`, the worker refused the page (remembered);
 * or `not-stored` for any other failure (the original missing, storage failing), which may pass and
 * so is tried again on the next request.
 */
type DrawOutcome = "stored" | "undrawable" | "not-stored";

// One map per process: Next bundles this module into several routes, and a page asked for through
// each must still be drawn once.
const drawing = ((globalThis as { pagewisePagesOnRequest?: Map<string, Promise<DrawOutcome>> }).pagewisePagesOnRequest ??= new Map());

/**
 * A stored file of a page a reader may read (the caller checked), drawn now when it is not there
 * yet: a page the background has not reached, a zoom image (2048 or 3072 px) the first time it is asked for, or
 * the layers of a page drawn before they existed. One page per request, in the PDF worker's public
 * lane (ahead of the background's), and one drawing for any number of readers asking at once; a
 * drawing started counts against the address's and the document's limits (429 past them). Null when
 * it was not stored or took longer than DRAW_ON_REQUEST_WAIT_MS (the drawing goes on and is kept).
 * A page that cannot be drawn (rendering stopped before it, or the worker refused it, which is
 * remembered) is refused with `undrawablePage`, at once on every later request, so readers go to
 * pdf.js or the page's notice without waiting and the worker is not asked again.
 */
export async function pageFileOnRequest(doc: PageDoc, page: number, file: PageFile, address: string): Promise<StoredObject | null> {
  const stored = await readStoredPageFile(doc, page, file);
  if (stored) return stored;
  if (pageUndrawable(doc, page)) throw undrawablePage(page);
  const drawn = pageImagesOf(doc).pages;
  const outputs: PageOutputs = isZoomImage(file) ? file : file === "layers" && page <= drawn ? "layers" : "every";
  const key = `${doc.storageKey}|${page}|${outputs}`;
  let job = drawing.get(key);
  if (!job) {
    await consumePageDraw(doc.id, address);
    job = drawPage(doc, page, outputs).finally(() => drawing.delete(key));
    drawing.set(key, job);
  }
  const outcome = await Promise.race([job, new Promise<null>((resolve) => setTimeout(resolve, DRAW_ON_REQUEST_WAIT_MS, null).unref())]);
  if (outcome === "undrawable") throw undrawablePage(page);
  return outcome === "stored" ? readStoredPageFile(doc, page, file) : null;
}

/**
 * Draws one page's `outputs` from the stored original and stores them beside it. A page the worker
 * refuses (its answer, its memory ceiling, its time limit) or draws nothing of (an image it cannot
 * draw truly) is remembered as undrawable for this version; a full queue (503) is passed on and
 * remembered nowhere.
 */
async function drawPage(doc: PageDoc, page: number, outputs: PageOutputs): Promise<DrawOutcome> {
  const { storageKey } = doc;
  const input = await scratchPath("originals", ".pdf");
  const outputDir = await scratchDirectory("page-images");
  try {
    const object = await storage().get(storageKey);
    if (!object) return "not-stored";
    await pipeline(object.body, createWriteStream(input));
    const rendered = await runRenderJob({ input, outputDir, from: page, to: page, outputs }, "public").then(
      ({ pages }) => pages,
      (error: unknown) => {
        if (!(error instanceof ApiError) || error.code === "service_unavailable") throw error;
        log.warn({ page, outputs, storageKey, err: error }, "the PDF worker refused a page");
        return [];
      },
    );
    if (rendered.length === 0) {
      await markPageUndrawable(doc.id, storageKey, page);
      return "undrawable";
    }
    await storePageImages(storageKey, outputDir, rendered);
    return "stored";
  } catch (error) {
    // The public lane's queue is full: the reader is told to come back, as for a watermarked copy.
    if (error instanceof ApiError && error.code === "service_unavailable") throw error;
    log.error({ page, outputs, storageKey, err: error }, "drawing a page on request failed");
    return "not-stored";
  } finally {
    await rm(input, { force: true });
    await rm(outputDir, { recursive: true, force: true });
  }
}

async function consumePageDraw(documentId: string, address: string) {
  const { perAddress, perDocument, windowSeconds } = PAGE_DRAW_LIMITS;
  const at = now();
  for (const [key, limit] of [
    [`page-draw:address:${address}`, perAddress],
    [`page-draw:document:${documentId}`, perDocument],
  ] as const) {
    const state = await consumeRateLimit(key, at, limit, windowSeconds);
    if (!state.allowed) {
      throw new ApiError("rate_limited", "Too many pages are being drawn for you right now. Try again in a minute.", {
        headers: rateLimitHeaders(state),
      });
    }
  }
}
