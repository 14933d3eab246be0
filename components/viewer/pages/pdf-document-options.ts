import { pdfjs } from "react-pdf";
import type { DocumentInitParameters } from "pdfjs-dist/types/src/display/api";
import { PDF_ASSET_URLS } from "@/lib/viewer/files/pdf-asset-path";
import { PDF_CHUNK_BYTES } from "./pdf-opening";
import { pdfWorkerPort } from "./pdf-worker";

/**
 * How the viewer opens every PDF. Range loading: pdf.js asks for the chunks it needs, so the first
 * page of a large PDF shows early. The worker is passed in (not owned by a document), so switching
 * from the preview to the full file never waits for, or races with, the previous document's
 * teardown. The asset URLs give pdf.js what scans and some fonts need (without them a CCITT, JBIG2
 * or JPEG 2000 scan draws as a white page); the worker fetches them itself.
 */
export const PDF_DOCUMENT_OPTIONS: DocumentInitParameters = {
  disableAutoFetch: true,
  disableStream: true,
  rangeChunkSize: PDF_CHUNK_BYTES,
  worker: pdfjs.PDFWorker.create({ port: pdfWorkerPort() }),
  ...PDF_ASSET_URLS,
  cMapPacked: true,
};
