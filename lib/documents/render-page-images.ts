import { retriedTask } from "../retried-task";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { db } from "../db/client";
import { ApiError } from "../errors";
import type { RenderedPage } from "../pdf/pdf-job";
import { runRenderJob } from "../pdf/run-pdf-job";
import { storage } from "../storage";
import { renderedFileNames, storePageImages } from "./page-images";
import { pageTextsDrawn, recordPageTexts } from "./page-texts";
import { scratchDirectory, scratchPath } from "./preview-file";
import { logger } from "../log/logger";

const log = logger("page-images");

/** Page 1 is rendered before an upload answers, in the inspection's round trip; the rest after it. */
export const PAGE_IMAGES_BEFORE_ANSWER = 1;
/**
 * Past this size page 1 is left to the background too (it is the first page it draws): PDFium copies
 * the whole file into its memory and parses it, which costs a 100 MB upload about 3 s more.
 */
export const MAX_BYTES_FOR_IMAGES_BEFORE_ANSWER = 16 * 1024 * 1024;

/** How many first pages an upload of `size` bytes renders before it answers. */
export const imagePagesBeforeAnswer = (size: number) => (size <= MAX_BYTES_FOR_IMAGES_BEFORE_ANSWER ? PAGE_IMAGES_BEFORE_ANSWER : 0);
/** Pages per background job: short enough that an upload arriving behind one barely waits. */
export const PAGES_PER_RENDER_JOB = 6;

export type RenderProgress = { pages: RenderedPage[]; stoppedAt: number | null };

/**
 * Renders a document's pages that have no image yet, a few per PDF worker job in the background
 * lane, storing each job's images before counting them in `documents.page_images` (so a reader
 * is never sent to an image that is not there). A page that cannot be drawn within the worker's
 * limits stops the document for good (`page_images_stopped`; readers get pdf.js alone from there),
 * with no retry. A document deleted or given another version meanwhile keeps nothing of this run. The count is written without touching
 * `updated_at`: images change nothing a reader's cached file depends on.
 */
export async function renderPageImages(documentId: string): Promise<RenderProgress> {
  const progress: RenderProgress = { pages: [], stoppedAt: null };
  const doc = await db.document.findUnique({
    where: { id: documentId },
    select: { storageKey: true, version: true, pageCount: true, pageImages: true, pageImagesStopped: true, deletedAt: true },
  });
  if (!doc || doc.deletedAt || doc.pageImagesStopped || doc.pageImages >= doc.pageCount) return progress;
  const input = await scratchPath("originals", ".pdf");
  const outputDir = await scratchDirectory("page-images");
  try {
    const object = await storage().get(doc.storageKey);
    if (!object) throw new Error(`Original file ${doc.storageKey} is missing from storage`);
    await pipeline(object.body, createWriteStream(input));
    for (let from = doc.pageImages + 1; from <= doc.pageCount; from += PAGES_PER_RENDER_JOB) {
      const to = Math.min(from + PAGES_PER_RENDER_JOB - 1, doc.pageCount);
      const rendered = await runRenderJob({ input, outputDir, from, to }).then(
        (outcome) => outcome.pages,
        (error: unknown) => {
          if (error instanceof ApiError) return null;
          throw error;
        },
      );
      if (rendered === null || rendered.length !== to - from + 1) {
        await db.$executeRaw`UPDATE documents SET page_images_stopped = true WHERE id = ${documentId}::uuid AND storage_key = ${doc.storageKey}`;
        progress.stoppedAt = from + (rendered?.length ?? 0);
        log.warn({ documentId, page: progress.stoppedAt }, "a page could not be rendered; readers get pdf.js from there");
        return progress;
      }
      const keys = await storePageImages(doc.storageKey, outputDir, rendered);
      const texts = await pageTextsDrawn(outputDir, rendered);
      // Counted only while the file drawn is still the document's current version, and not once
      // the document was stopped meanwhile: stopped is for good. The pages' texts are searchable
      // from the same commit.
      const counted = await db.$transaction(async (tx) => {
        const updated = await tx.$executeRaw`
          UPDATE documents SET page_images = GREATEST(page_images, ${to})
          WHERE id = ${documentId}::uuid AND deleted_at IS NULL AND storage_key = ${doc.storageKey} AND NOT page_images_stopped`;
        if (updated > 0) await recordPageTexts(tx, documentId, doc.version, texts);
        return updated;
      });
      if (counted === 0) {
        await Promise.all(keys.map((key) => storage().delete(key)));
        return progress;
      }
      progress.pages.push(...rendered);
      await Promise.all(renderedFileNames(rendered).map((name) => rm(path.join(outputDir, name))));
    }
    return progress;
  } finally {
    await rm(input, { force: true });
    await rm(outputDir, { recursive: true, force: true });
  }
}

/** The database busy or not reachable yet at a start: the unfinished documents are looked for again this soon. */
const RESUME_RETRY_MS = 10_000;

type Renderer = { queue: string[]; running: Promise<void> | null; accepting: boolean };
// One queue per process: Next bundles this module into the routes (uploads) and the instrumentation
// (which starts it) separately, each with its own copy of module state.
const renderer = ((globalThis as { pagewisePageImages?: Renderer }).pagewisePageImages ??= { queue: [], running: null, accepting: false });

/**
 * Starts rendering in this process: the documents whose images are unfinished (an upload before
 * this feature, a restart mid-way) first, then each new upload as it commits, one document at a
 * time. Returns a function that stops after the job in progress.
 */
export function startPageImageRenderer(): () => Promise<void> {
  renderer.accepting = true;
  const resumeUnfinished = retriedTask(
    () =>
      db.$queryRaw<Array<{ id: string }>>`
        SELECT id FROM documents
        WHERE page_images < page_count AND NOT page_images_stopped AND deleted_at IS NULL
        ORDER BY created_at`.then((rows) => rows.forEach((row) => queuePageImages(row.id))),
    {
      retryMs: RESUME_RETRY_MS,
      onFailure: (error) =>
        log.error({ err: error }, `looking for unfinished documents failed, trying again in ${RESUME_RETRY_MS / 1000} s`),
    },
  );
  resumeUnfinished.run();
  return async () => {
    resumeUnfinished.stop();
    renderer.accepting = false;
    renderer.queue = [];
    await renderer.running;
  };
}

/** Renders the rest of a document's pages after its upload, when this process renders at all (startPageImageRenderer). */
export function queuePageImages(documentId: string) {
  if (!renderer.accepting || renderer.queue.includes(documentId)) return;
  renderer.queue.push(documentId);
  renderer.running ??= drain();
}

async function drain() {
  for (let next = renderer.queue.shift(); next && renderer.accepting; next = renderer.queue.shift()) {
    await renderPageImages(next).catch((error: unknown) => log.error({ err: error, documentId: next }, "rendering page images failed"));
  }
  renderer.running = null;
}
