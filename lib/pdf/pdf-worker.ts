/**
 * The PDF worker process: parses uploaded files and writes previews, away from the web process's
 * memory. The web process watches its memory and time and kills it when a file is a bomb; this
 * side only answers one job at a time.
 */
import { readFile, writeFile } from "node:fs/promises";
import { previewPagesNeeded, resolveGatePage } from "../rules/gate";
import { buildPreview } from "./build-preview";
import { DecodedTooLargeError } from "./decode-stream";
import { inspectPdf, PdfRefused } from "./inspect-pdf";
import type { PdfJob, PdfJobResult } from "./pdf-job";

async function run(job: PdfJob): Promise<PdfJobResult> {
  const { document, pageCount, firstPageAspect } = await inspectPdf(await readFile(job.input), job.maxPages);
  const gatePage = resolveGatePage(job.gate.gatePage, pageCount);
  if (gatePage > pageCount) return { ok: true, pageCount, firstPageAspect, gatePage, preview: null };
  const pages = previewPagesNeeded({ ...job.gate, gatePage, pageCount });
  if (pages === 0) return { ok: true, pageCount, firstPageAspect, gatePage, preview: null };
  const preview = await buildPreview(document, pages, { maxContentBytes: job.maxContentBytes });
  await writeFile(job.previewOutput, preview);
  return { ok: true, pageCount, firstPageAspect, gatePage, preview: { pages, size: preview.length } };
}

process.on("message", (job: PdfJob) => {
  run(job).then(
    (result) => process.send?.(result),
    (error: unknown) => {
      if (!(error instanceof PdfRefused)) console.error("[pdf-worker]", error);
      const refused =
        error instanceof PdfRefused
          ? error.message
          : error instanceof DecodedTooLargeError
            ? `The PDF could not be previewed: ${error.message}`
            : "The PDF could not be read; it may be corrupt or truncated.";
      process.send?.({ ok: false, refused } satisfies PdfJobResult);
    },
  );
});
// The web process went away (even by kill -9): nothing is left to answer.
process.on("disconnect", () => process.exit(0));
process.send?.({ ready: true });
