/**
 * What the web process asks of the PDF worker process, and what it answers. Plain data, so it
 * crosses the IPC channel as is.
 */
export type PdfJob = {
  /** The PDF on local disk. */
  input: string;
  /** Where to write the preview, when one is needed. */
  previewOutput: string;
  /** Which pages the preview holds, decided once the page count is known. */
  gate: { emailGate: boolean; gateType: "full" | "preview" | "none"; gatePage: number | null };
  maxPages: number;
  maxContentBytes: number;
};

export type PdfJobResult =
  | { ok: true; pageCount: number; firstPageAspect: number; gatePage: number; preview: { pages: number; size: number } | null }
  | { ok: false; refused: string };
