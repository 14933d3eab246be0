import { version } from "pdfjs-dist/package.json";

/**
 * Where the app serves the pdf.js worker: a URL the server knows (the bundler's hashed asset name
 * is known only to the client bundle), so the viewer's HTML can start the worker before any of the
 * app's scripts loads. The version in the name lets browsers keep it for good.
 */
export const PDF_WORKER_PATH = `/pdf-worker/${version}.mjs`;
