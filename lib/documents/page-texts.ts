import { readFile } from "node:fs/promises";
import path from "node:path";
import { text as readStream } from "node:stream/consumers";
import type { Tx } from "../db/client";
import type { PageLayers } from "../pdf/page-layers";
import type { RenderedPage } from "../pdf/pdf-job";
import { storage } from "../storage";
import { pageFileKey, pageFileName } from "../storage/document-keys";

/** One page's searchable text; null when the page has none (scanned, or its layers were never made). */
export type PageText = { page: number; text: string | null };

/** The text of a page's layers: its runs in reading order, one space between them; null when there is none. */
export function textOfLayers(layers: Pick<PageLayers, "text"> | null): string | null {
  const text = (layers?.text ?? [])
    .map((run) => run.str)
    .join(" ")
    .replace(/[\s\0]+/g, " ")
    .trim();
  return text === "" ? null : text;
}

function parseLayers(json: string): Pick<PageLayers, "text"> | null {
  try {
    const parsed = JSON.parse(json) as Partial<PageLayers>;
    return Array.isArray(parsed.text) ? { text: parsed.text.filter((run) => typeof run?.str === "string") } : null;
  } catch {
    return null;
  }
}

/** The texts of the pages the PDF worker just drew into `dir` (their `<n>.layers.json`). */
export async function pageTextsDrawn(dir: string, rendered: RenderedPage[]): Promise<PageText[]> {
  return Promise.all(
    rendered.map(async ({ page, files }) => {
      if (files.layers === undefined) return { page, text: null };
      const json = await readFile(path.join(dir, pageFileName(page, "layers")), "utf8").catch(() => null);
      return { page, text: textOfLayers(json === null ? null : parseLayers(json)) };
    }),
  );
}

/** The text of a page already stored beside the original at `originalKey` (the backfill's source). */
export async function storedPageText(originalKey: string, page: number): Promise<PageText> {
  const object = await storage().get(pageFileKey(originalKey, page, "layers"));
  const json = object ? await readStream(object.body) : null;
  return { page, text: textOfLayers(json === null ? null : parseLayers(json)) };
}

/**
 * Records the texts of pages of a document's version, in the caller's transaction (the one that
 * counts the pages as drawn). Written again, a page's row is replaced: recording is idempotent.
 */
export async function recordPageTexts(tx: Tx, documentId: string, version: number, texts: PageText[]): Promise<void> {
  if (texts.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO page_texts (document_id, version, page, text)
    SELECT ${documentId}::uuid, ${version}, t.page, t.text
    FROM unnest(${texts.map((t) => t.page)}::int[], ${texts.map((t) => t.text)}::text[]) AS t(page, text)
    ON CONFLICT (document_id, version, page) DO UPDATE SET text = EXCLUDED.text`;
}
