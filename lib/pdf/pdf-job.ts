import type { PageFile, ZoomImageVariant } from "../storage/document-keys";

/**
 * What the web process asks of the PDF worker process, and what it answers. Plain data, so it
 * crosses the IPC channel as is.
 */
export type InspectJob = {
  kind: "inspect";
  /** The PDF on local disk. */
  input: string;
  /** Where to write the preview, when one is needed. */
  previewOutput: string;
  /** Where to write the file without its encryption, when it is encrypted yet opens without a password. */
  decryptedOutput: string;
  /** Which pages the preview holds, decided once the page count is known. */
  gate: { emailGate: boolean; gateType: "full" | "preview" | "none"; gatePage: number | null };
  maxPages: number;
  maxContentBytes: number;
  /** Also renders these first pages to images, in the same round trip (lib/pdf/render-pages.ts). */
  render?: PageImageRequest;
};

/** A copy of an (already inspected) PDF with `text` drawn over every page, written to `output`. */
export type WatermarkJob = {
  kind: "watermark";
  input: string;
  output: string;
  text: string;
  maxPages: number;
};

/**
 * What drawing a page writes: `every` the files drawn with every page (its 1280, 640 and thumbnail
 * images from one bitmap, and its text and link layers); `layers` only the layers (a page drawn
 * before they existed); `w2048` or `w3072` only that sharper image for zoom, drawn the first time it is asked for.
 */
export type PageOutputs = "every" | "layers" | ZoomImageVariant;

/** Which pages to draw, what of each (`every` when unsaid), and the directory the worker writes their files to (lib/storage/document-keys.ts). */
export type PageImageRequest = { outputDir: string; from: number; to: number; outputs?: PageOutputs };

/** Renders pages `from..to` of a PDF to images (lib/pdf/render-pages.ts). */
export type RenderJob = { kind: "render"; input: string; maxPages: number } & PageImageRequest;

export type PdfJob = InspectJob | WatermarkJob | RenderJob;

/** One page rendered: how long drawing and encoding it took, and the bytes of each file written. */
export type RenderedPage = { page: number; ms: number; files: Partial<Record<PageFile, number>> };

export type InspectResult = {
  ok: true;
  kind: "inspect";
  pageCount: number;
  firstPageAspect: number;
  /** The file's own title when it names the document (lib/rules/pdf-title.ts). */
  title: string | null;
  gatePage: number;
  preview: { pages: number; size: number } | null;
  /** Set when the file was decrypted to `decryptedOutput`: that copy is the document's file. */
  decrypted: { size: number } | null;
  /** The pages `render` asked for; fewer (none) when one could not be drawn, which does not refuse the upload. */
  rendered?: RenderedPage[];
};
export type WatermarkResult = { ok: true; kind: "watermark"; pageCount: number; size: number };
export type RenderResult = { ok: true; kind: "render"; pages: RenderedPage[] };

export type PdfJobResult = InspectResult | WatermarkResult | RenderResult | { ok: false; refused: string };
