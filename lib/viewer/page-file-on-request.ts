import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { pageImagesOf, readStoredPageFile, storePageImages } from "../documents/page-images";
import { scratchDirectory, scratchPath } from "../documents/preview-file";
import { ApiError } from "../errors";
import type { Document } from "../generated/prisma/client";
import type { PageOutputs } from "../pdf/pdf-job";
import { runRenderJob } from "../pdf/run-pdf-job";
import { consumeRateLimit, rateLimitHeaders } from "../rate-limit";
import { storage, type StoredObject } from "../storage";
import type { PageFile } from "../storage/document-keys";
import { now } from "../time";
import { PAGE_DRAW_LIMITS } from "./limits";

/** How long a reader's request waits for its page to be drawn before it is answered 404 (the drawing goes on and is kept). */
export const DRAW_ON_REQUEST_WAIT_MS = 15_000;

type PageDoc = Pick<Document, "id" | "storageKey" | "pageCount" | "pageImages" | "pageImagesStopped">;

// One map per process: Next bundles this module into several routes, and a page asked for through
// each must still be drawn once.
const drawing = ((globalThis as { pagewisePagesOnRequest?: Map<string, Promise<void>> }).pagewisePagesOnRequest ??= new Map());

/**
 * A stored file of a page a reader may read (the caller checked), drawn now when it is not there
 * yet: a page the background has not reached, the 2048 px image the first time it is asked for, or
 * the layers of a page drawn before they existed. One page per request, in the PDF worker's public
 * lane (ahead of the background's), and one drawing for any number of readers asking at once; a
 * drawing started counts against the address's and the document's limits (429 past them). Null when
 * the page cannot be drawn (rendering stopped before it, or it failed) or took longer than
 * DRAW_ON_REQUEST_WAIT_MS.
 */
export async function pageFileOnRequest(doc: PageDoc, page: number, file: PageFile, address: string): Promise<StoredObject | null> {
  const stored = await readStoredPageFile(doc, page, file);
  if (stored) return stored;
  const drawn = pageImagesOf(doc).pages;
  // Past a page that could not be drawn, readers get pdf.js where they may, as before.
  if (doc.pageImagesStopped && page > drawn) return null;
  const outputs: PageOutputs = file === "w2048" ? "w2048" : file === "layers" && page <= drawn ? "layers" : "every";
  const key = `${doc.storageKey}|${page}|${outputs}`;
  let job = drawing.get(key);
  if (!job) {
    await consumePageDraw(doc.id, address);
    job = drawPage(doc.storageKey, page, outputs).finally(() => drawing.delete(key));
    drawing.set(key, job);
  }
  const finished = await Promise.race([
    job.then(() => true),
    new Promise<false>((resolve) => setTimeout(resolve, DRAW_ON_REQUEST_WAIT_MS, false).unref()),
  ]);
  return finished ? readStoredPageFile(doc, page, file) : null;
}

/** Draws one page's `outputs` from the stored original and stores them beside it; a page the worker refuses stays undrawn. */
async function drawPage(storageKey: string, page: number, outputs: PageOutputs): Promise<void> {
  const input = await scratchPath("originals", ".pdf");
  const outputDir = await scratchDirectory("page-images");
  try {
    const object = await storage().get(storageKey);
    if (!object) return;
    await pipeline(object.body, createWriteStream(input));
    const { pages } = await runRenderJob({ input, outputDir, from: page, to: page, outputs }, "public");
    await storePageImages(storageKey, outputDir, pages);
  } catch (error) {
    // The public lane's queue is full: the reader is told to come back, as for a watermarked copy.
    if (error instanceof ApiError && error.code === "service_unavailable") throw error;
    console.error(`[page-images] drawing page ${page} (${outputs}) of ${storageKey} on request failed:`, error);
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
