import { createReadStream } from "node:fs";
import path from "node:path";
import type { Document } from "../generated/prisma/client";
import type { RenderedPage } from "../pdf/pdf-job";
import { storage, type StoredObject } from "../storage";
import { PAGE_IMAGE_VARIANTS, pageImageKey, pageImageName, type PageImageVariant } from "../storage/document-keys";
import { findOwnedDocument } from "./find-document";

export type { PageImageVariant } from "../storage/document-keys";

/**
 * Server-rendered images of a document's pages (WebP, 1280 px wide, and a 320 px thumbnail), stored
 * beside its original. Pages 1..`documents.page_images` have them; an image is never served to
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

/** One image of a document's current version, or null when that page has none (yet). The caller decides who may see it. */
export async function readPageImage(
  doc: Pick<Document, "storageKey" | "pageCount" | "pageImages" | "pageImagesStopped">,
  page: number,
  variant: PageImageVariant,
): Promise<StoredObject | null> {
  if (!Number.isInteger(page) || page < 1 || page > pageImagesOf(doc).pages) return null;
  return storage().get(pageImageKey(doc.storageKey, page, variant));
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

/** Stores the images the PDF worker wrote to `dir` beside the original stored at `originalKey`; returns their keys. */
export async function storePageImages(originalKey: string, dir: string, rendered: RenderedPage[]): Promise<string[]> {
  const keys: string[] = [];
  for (const { page, bytes, thumbBytes } of rendered) {
    for (const variant of PAGE_IMAGE_VARIANTS) {
      const key = pageImageKey(originalKey, page, variant);
      await storage().put(key, createReadStream(path.join(dir, pageImageName(page, variant))), variant === "page" ? bytes : thumbBytes);
      keys.push(key);
    }
  }
  return keys;
}

/** Removes the images of pages 1..`pages` of the original stored at `originalKey` (a few at a time, for object stores). */
export async function removePageImages(originalKey: string, pages: number): Promise<void> {
  const keys = Array.from({ length: pages }, (_, i) => i + 1).flatMap((page) =>
    PAGE_IMAGE_VARIANTS.map((variant) => pageImageKey(originalKey, page, variant)),
  );
  for (let i = 0; i < keys.length; i += 16) await Promise.all(keys.slice(i, i + 16).map((key) => storage().delete(key)));
}
