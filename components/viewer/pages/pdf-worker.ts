import { PDF_WORKER_PATH } from "@/lib/viewer/files/pdf-worker-path";

let worker: Worker | null = null;

/**
 * The pdf.js worker (~1.2 MB, served by the app, never from a CDN), started only by the pdf.js
 * fallback (pdf-fallback.tsx). One worker serves every document the page opens (the preview, then
 * the full file once the gate is passed).
 */
export function pdfWorkerPort(): Worker {
  worker ??= new Worker(PDF_WORKER_PATH, { type: "module" });
  return worker;
}
