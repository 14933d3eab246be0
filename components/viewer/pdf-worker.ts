import { PDF_WORKER_PATH } from "@/lib/viewer/pdf-worker-path";

/** Where the page's inline script leaves the worker it started (viewer-early-start.tsx). */
export const STARTED_WORKER_GLOBAL = "__pagewisePdfWorker";

let worker: Worker | null = null;

/**
 * The pdf.js worker (~1.2 MB, served by the app, never from a CDN). The viewer's HTML starts it
 * while the page's scripts load, so it downloads and compiles alongside them, not after; without
 * that script (a page rendered on the client) it starts when the viewer's first script runs. One
 * worker serves every document the page opens (the preview, then the full file once the gate is
 * passed).
 */
export function pdfWorkerPort(): Worker {
  worker ??= takeStartedWorker() ?? new Worker(PDF_WORKER_PATH, { type: "module" });
  return worker;
}

function takeStartedWorker(): Worker | null {
  const holder = globalThis as { [STARTED_WORKER_GLOBAL]?: Worker };
  const started = holder[STARTED_WORKER_GLOBAL] ?? null;
  delete holder[STARTED_WORKER_GLOBAL];
  return started;
}
