import { randomBytes } from "node:crypto";
import { buffer } from "node:stream/consumers";
import type { Document } from "../generated/prisma/client";
import { storage } from "../storage";
import { previewPagesNeeded } from "./gate";
import { extractLeadingPages } from "./inspect-pdf";

/**
 * Writes the preview PDF the gate needs (pages 1..N-1) under a fresh key and returns it, or null
 * when the settings need none. A fresh key per version means a reader never gets a half-written file.
 */
export async function writePreviewFile(
  doc: Pick<Document, "id" | "emailGate" | "gateType" | "gatePage" | "pageCount" | "storageKey">,
  original?: Uint8Array,
): Promise<{ key: string; pages: number } | null> {
  const pages = previewPagesNeeded(doc);
  if (pages === 0) return null;
  const bytes = original ?? (await readOriginal(doc.storageKey));
  const preview = Buffer.from(await extractLeadingPages(bytes, pages));
  const key = `documents/${doc.id}/preview-${pages}p-${randomBytes(4).toString("hex")}.pdf`;
  await storage().put(key, preview, preview.length);
  return { key, pages };
}

async function readOriginal(key: string): Promise<Uint8Array> {
  const object = await storage().get(key);
  if (!object) throw new Error(`Original file ${key} is missing from storage`);
  return buffer(object.body);
}
