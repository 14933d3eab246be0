import { readFile } from "node:fs/promises";
import path from "node:path";

let script: Promise<Buffer> | undefined;

/** The pdf.js worker's code, read once (served at PDF_WORKER_PATH). */
export function pdfWorkerScript(): Promise<Buffer> {
  script ??= readFile(path.join(/*turbopackIgnore: true*/ process.cwd(), "node_modules/pdfjs-dist/build/pdf.worker.min.mjs"));
  return script;
}
