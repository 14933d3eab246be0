let worker: Worker | null = null;

/**
 * The pdf.js worker (~380 KB, shipped with the app under /_next/static, never from a CDN). It is
 * started as soon as the viewer's first script runs, so it downloads and compiles while React
 * hydrates and the renderer chunk loads, instead of after them. One worker serves every document
 * the page opens (the preview, then the full file once the gate is passed).
 */
export function pdfWorkerPort(): Worker {
  worker ??= new Worker(new URL("pdfjs-dist/build/pdf.worker.min.mjs", import.meta.url).toString(), { type: "module" });
  return worker;
}
