import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { config } from "../config";
import type { Document } from "../generated/prisma/client";
import { runPdfJob, type PdfJobOutcome } from "../pdf/run-pdf-job";
import { storage } from "../storage";
import { scratchName } from "../storage/clear-scratch";
import { previewKey } from "../storage/document-keys";
import { storePageImages } from "./page-images";
import { pageTextsDrawn, type PageText } from "./page-texts";
import type { PreviewChange } from "./change-with-preview";

type GateInput = { emailGate: boolean; gateType: Document["gateType"]; gatePage: number | null };

/** A scratch path under DATA_DIR/tmp/<area>; the caller removes it. */
export async function scratchPath(area: string, suffix: string): Promise<string> {
  const dir = path.join(config().DATA_DIR, "tmp", area);
  await mkdir(dir, { recursive: true });
  return path.join(dir, scratchName(suffix));
}

/** A fresh scratch directory under DATA_DIR/tmp/<area>; the caller removes it. */
export async function scratchDirectory(area: string): Promise<string> {
  const dir = await scratchPath(area, "");
  await mkdir(dir);
  return dir;
}

export type ProcessedPdf = Omit<PdfJobOutcome, "preview"> & {
  preview: { key: string; pages: number } | null;
  /** Pages 1..`pages` rendered to images in the same round trip, stored under `keys`; their `texts` for search. */
  pageImages: { pages: number; keys: string[]; texts: PageText[] };
};

/**
 * Inspects a PDF on local disk in the PDF worker process and, when the gate needs one, stores its
 * preview under a fresh key (so a reader never gets a half-written file) beside `originalKey` (where
 * the file is or will be stored); with `imagePages`, also renders and stores images of its first pages. The caller deletes `preview.key` and
 * `pageImages.keys` if it does not keep them. A file encrypted yet openable without a password is
 * decrypted by the worker: that copy is stored under `decryptedKey` (replacing what is there) and
 * `decrypted` gives its size; it is deleted again if what follows cannot be stored.
 */
export async function processPdf(
  originalKey: string,
  file: string,
  gate: GateInput,
  decryptedKey?: string,
  imagePages = 0,
): Promise<ProcessedPdf> {
  const previewOutput = await scratchPath("previews", ".pdf");
  const decryptedOutput = await scratchPath("decrypted", ".pdf");
  const imageDir = imagePages > 0 ? await scratchDirectory("page-images") : null;
  const stored: string[] = [];
  let decryptedStored = false;
  try {
    const render = imageDir ? { outputDir: imageDir, from: 1, to: imagePages } : undefined;
    const outcome = await runPdfJob({ input: file, previewOutput, decryptedOutput, gate, render });
    if (outcome.decrypted && decryptedKey) {
      await storage().put(decryptedKey, createReadStream(decryptedOutput), outcome.decrypted.size);
      decryptedStored = true;
    }
    stored.push(...(imageDir && outcome.rendered ? await storePageImages(originalKey, imageDir, outcome.rendered) : []));
    const texts = imageDir && outcome.rendered ? await pageTextsDrawn(imageDir, outcome.rendered) : [];
    const pageImages = { pages: outcome.rendered?.length ?? 0, keys: stored, texts };
    if (!outcome.preview) return { ...outcome, preview: null, pageImages };
    const key = previewKey(originalKey, outcome.preview.pages, randomBytes(4).toString("hex"));
    await storage().put(key, createReadStream(previewOutput), outcome.preview.size);
    return { ...outcome, preview: { key, pages: outcome.preview.pages }, pageImages };
  } catch (error) {
    await Promise.allSettled([...stored, ...(decryptedStored && decryptedKey ? [decryptedKey] : [])].map((key) => storage().delete(key)));
    throw error;
  } finally {
    await Promise.all([rm(previewOutput, { force: true }), rm(decryptedOutput, { force: true })]);
    if (imageDir) await rm(imageDir, { recursive: true, force: true });
  }
}

/** Rebuilds the preview of a stored document for new gate settings. */
export async function rebuildPreview(doc: Pick<Document, "storageKey">, gate: GateInput): Promise<ProcessedPdf> {
  const object = await storage().get(doc.storageKey);
  if (!object) throw new Error(`Original file ${doc.storageKey} is missing from storage`);
  const local = await scratchPath("originals", ".pdf");
  try {
    await pipeline(object.body, createWriteStream(local));
    return await processPdf(doc.storageKey, local, gate);
  } finally {
    await rm(local, { force: true });
  }
}

/**
 * A row's (a document's or a link's) new preview file for its gate: the `needed` pages before the
 * gate, built from the stored original, or none when the gate hides nothing; `replaced` is the file
 * the row held before.
 */
export async function newPreview(
  doc: Pick<Document, "storageKey">,
  gate: GateInput,
  needed: number,
  replaced: string | null,
): Promise<PreviewChange> {
  const { preview } =
    needed > 0
      ? await rebuildPreview(doc, { emailGate: gate.emailGate, gateType: gate.gateType, gatePage: gate.gatePage })
      : { preview: null };
  return { previewStorageKey: preview?.key ?? null, previewPageCount: preview?.pages ?? 0, created: preview?.key ?? null, replaced };
}
