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
};

/** A copy of an (already inspected) PDF with `text` drawn over every page, written to `output`. */
export type WatermarkJob = {
  kind: "watermark";
  input: string;
  output: string;
  text: string;
  maxPages: number;
};

export type PdfJob = InspectJob | WatermarkJob;

export type InspectResult = {
  ok: true;
  kind: "inspect";
  pageCount: number;
  firstPageAspect: number;
  gatePage: number;
  preview: { pages: number; size: number } | null;
  /** Set when the file was decrypted to `decryptedOutput`: that copy is the document's file. */
  decrypted: { size: number } | null;
};
export type WatermarkResult = { ok: true; kind: "watermark"; pageCount: number; size: number };

export type PdfJobResult = InspectResult | WatermarkResult | { ok: false; refused: string };
