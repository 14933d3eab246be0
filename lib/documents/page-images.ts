import { createReadStream } from "node:fs";
import path from "node:path";
import { db } from "../db/client";
import type { Document } from "../generated/prisma/client";
import type { RenderedPage } from "../pdf/pdf-job";
import { storage, type StoredObject } from "../storage";
import { PAGE_FILES, pageFileKey, pageFileName, type PageFile, type PageImageVariant } from "../storage/document-keys";
import { findOwnedDocument } from "./find-document";

export type { PageFile, PageImageVariant } from "../storage/document-keys";

/**
 * Server-rendered images of a document's pages (WebP 1280 and 640 px wide, a 320 px thumbnail, and
 * 2048 and 3072 px once asked for) and their text and link layers, stored beside its original. Pages 1..`documents.page_images` have them; an image is never served to
 * anyone who may not read its page (app/s/[code]/pages).
 */
export type PageImages = {
  /** Pages 1..`pages` have both images. */
  pages: number;
  /** Every page has them; otherwise the rest are being rendered, or rendering stopped at a page that could not be drawn. */
  complete: boolean;
  /** Rendering stopped for good at page `pages + 1`. */
  stopped: boolean;
};

/** Which images a document has. */
export function pageImagesOf(doc: Pick<Document, "pageCount" | "pageImages" | "pageImagesStopped">): PageImages {
  const pages = Math.min(doc.pageImages, doc.pageCount);
  return { pages, complete: pages === doc.pageCount, stopped: doc.pageImagesStopped && pages < doc.pageCount };
}

/**
 * Whether page `page` of the current version is known not to be drawable: the background stopped
 * before it, or the PDF worker refused it on a reader's request (markPageUndrawable). Asking the
 * worker again would only refuse again.
 */
export function pageUndrawable(
  doc: Pick<Document, "pageCount" | "pageImages" | "pageImagesStopped" | "undrawablePages">,
  page: number,
): boolean {
  const { pages, stopped } = pageImagesOf(doc);
  return (stopped && page > pages) || doc.undrawablePages.includes(page);
}

/**
 * Remembers that the PDF worker refused to draw `page` of the file stored at `storageKey`, only
 * while that file is still the document's current version (a drawing of a replaced version says
 * nothing of the new one). Raw SQL, so `updated_at` (the file URL's cache key) does not move.
 */
export async function markPageUndrawable(documentId: string, storageKey: string, page: number): Promise<void> {
  await db.$executeRaw`
    UPDATE documents SET undrawable_pages = array_append(undrawable_pages, ${page})
    WHERE id = ${documentId}::uuid AND storage_key = ${storageKey} AND NOT (${page} = ANY(undrawable_pages))`;
}

/** One image of a document's current version, or null when that page has none (yet). The caller decides who may see it. */
export async function readPageImage(
  doc: Pick<Document, "storageKey" | "pageCount" | "pageImages" | "pageImagesStopped">,
  page: number,
  variant: PageImageVariant,
): Promise<StoredObject | null> {
  if (!Number.isInteger(page) || page < 1 || page > pageImagesOf(doc).pages) return null;
  return storage().get(pageFileKey(doc.storageKey, page, variant));
}

/**
 * An image of one of the team's documents (dashboard thumbnails), with the number of the version it
 * shows; 404 for another team's or a deleted one.
 */
export async function readOwnedPageImage(
  teamId: string,
  shortCode: string,
  page: number,
  variant: PageImageVariant,
): Promise<{ image: StoredObject | null; version: number }> {
  const doc = await findOwnedDocument(teamId, shortCode);
  return { image: await readPageImage(doc, page, variant), version: doc.version };
}

/** A stored file of one page of a document's current version (an image or its layers), or null when it has none (yet). The caller decides who may see it. */
export async function readStoredPageFile(doc: Pick<Document, "storageKey">, page: number, file: PageFile): Promise<StoredObject | null> {
  return storage().get(pageFileKey(doc.storageKey, page, file));
}

/** Stores the files the PDF worker wrote to `dir` beside the original stored at `originalKey`; returns their keys. */
export async function storePageImages(originalKey: string, dir: string, rendered: RenderedPage[]): Promise<string[]> {
  const keys: string[] = [];
  for (const { page, files } of rendered) {
    for (const [file, bytes] of Object.entries(files) as Array<[PageFile, number]>) {
      const key = pageFileKey(originalKey, page, file);
      await storage().put(key, createReadStream(path.join(dir, pageFileName(page, file))), bytes);
      keys.push(key);
    }
  }
  return keys;
}

/** The names of the files the PDF worker wrote for `rendered` pages, to clear its output directory. */
export const renderedFileNames = (rendered: RenderedPage[]) =>
  rendered.flatMap(({ page, files }) => (Object.keys(files) as PageFile[]).map((file) => pageFileName(page, file)));

/**
 * Removes every file of pages 1..`pages` of the original stored at `originalKey`, those drawn on
 * request included (a few at a time, for object stores).
 */
export async function removePageImages(originalKey: string, pages: number): Promise<void> {
  const keys = Array.from({ length: pages }, (_, i) => i + 1).flatMap((page) =>
    PAGE_FILES.map((file) => pageFileKey(originalKey, page, file)),
  );
  for (let i = 0; i < keys.length; i += 16) await Promise.all(keys.slice(i, i + 16).map((key) => storage().delete(key)));
}
