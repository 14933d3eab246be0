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

type GateInput = { emailGate: boolean; gateType: Document["gateType"]; gatePage: number | null };

/** A scratch path under DATA_DIR/tmp/<area>; the caller removes it. */
export async function scratchPath(area: string, suffix: string): Promise<string> {
  const dir = path.join(config().DATA_DIR, "tmp", area);
  await mkdir(dir, { recursive: true });
  return path.join(dir, scratchName(suffix));
}

export type ProcessedPdf = Omit<PdfJobOutcome, "preview"> & { preview: { key: string; pages: number } | null };

/**
 * Inspects a PDF on local disk in the PDF worker process and, when the gate needs one, stores its
 * preview under a fresh key (so a reader never gets a half-written file). The caller deletes
 * `preview.key` if it does not keep it. A file encrypted yet openable without a password is
 * decrypted by the worker: that copy is stored under `decryptedKey` (replacing what is there) and
 * `decrypted` gives its size; it is deleted again if the preview cannot be stored.
 */
export async function processPdf(documentId: string, file: string, gate: GateInput, decryptedKey?: string): Promise<ProcessedPdf> {
  const previewOutput = await scratchPath("previews", ".pdf");
  const decryptedOutput = await scratchPath("decrypted", ".pdf");
  try {
    const outcome = await runPdfJob({ input: file, previewOutput, decryptedOutput, gate });
    if (outcome.decrypted && decryptedKey) await storage().put(decryptedKey, createReadStream(decryptedOutput), outcome.decrypted.size);
    try {
      if (!outcome.preview) return { ...outcome, preview: null };
      const key = `documents/${documentId}/preview-${outcome.preview.pages}p-${randomBytes(4).toString("hex")}.pdf`;
      await storage().put(key, createReadStream(previewOutput), outcome.preview.size);
      return { ...outcome, preview: { key, pages: outcome.preview.pages } };
    } catch (error) {
      if (outcome.decrypted && decryptedKey) await storage().delete(decryptedKey);
      throw error;
    }
  } finally {
    await Promise.all([rm(previewOutput, { force: true }), rm(decryptedOutput, { force: true })]);
  }
}

/** Rebuilds the preview of a stored document for new gate settings. */
export async function rebuildPreview(doc: Pick<Document, "id" | "storageKey">, gate: GateInput): Promise<ProcessedPdf> {
  const object = await storage().get(doc.storageKey);
  if (!object) throw new Error(`Original file ${doc.storageKey} is missing from storage`);
  const local = await scratchPath("originals", ".pdf");
  try {
    await pipeline(object.body, createWriteStream(local));
    return await processPdf(doc.id, local, gate);
  } finally {
    await rm(local, { force: true });
  }
}
