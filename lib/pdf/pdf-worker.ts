/**
 * The PDF worker process: parses uploaded files, writes previews and watermarked downloads, away
 * from the web process's memory. The web process watches its memory and time and kills it when a
 * file is a bomb; this side only answers one job at a time.
 */
import { readFile, writeFile } from "node:fs/promises";
import { previewPagesNeeded, resolveGatePage } from "../rules/gate";
import { buildPreview } from "./build-preview";
import { DecodedTooLargeError } from "./decode-stream";
import { inspectPdf, PdfRefused } from "./inspect-pdf";
import type { InspectJob, PdfJob, PdfJobResult, RenderJob, WatermarkJob } from "./pdf-job";
import { renderPages } from "./render-pages";
import { watermarkPdf } from "./watermark-pdf";
import { logger } from "../log/logger";

const log = logger("pdf-worker");

async function inspect(job: InspectJob): Promise<PdfJobResult> {
  const { document, pageCount, firstPageAspect, title, decrypted } = await inspectPdf(await readFile(job.input), job.maxPages);
  if (decrypted) await writeFile(job.decryptedOutput, decrypted);
  const gatePage = resolveGatePage(job.gate.gatePage, pageCount);
  const outcome = {
    ok: true,
    kind: "inspect",
    pageCount,
    firstPageAspect,
    title,
    gatePage,
    preview: null,
    decrypted: decrypted && { size: decrypted.length },
  } as const;
  if (gatePage > pageCount) return outcome;
  const pages = previewPagesNeeded({ ...job.gate, gatePage, pageCount });
  if (pages === 0) return outcome;
  const preview = await buildPreview(document, pages, { maxContentBytes: job.maxContentBytes });
  await writeFile(job.previewOutput, preview);
  return { ...outcome, preview: { pages, size: preview.length } };
}

async function watermark(job: WatermarkJob): Promise<PdfJobResult> {
  const { bytes, pageCount } = await watermarkPdf(await readFile(job.input), job.text, job.maxPages);
  await writeFile(job.output, bytes);
  return { ok: true, kind: "watermark", pageCount, size: bytes.length };
}

async function render(job: RenderJob): Promise<PdfJobResult> {
  return { ok: true, kind: "render", pages: await renderPages(await readFile(job.input), job, job.maxPages) };
}

/** An accepted upload's first pages as images; a page that cannot be drawn leaves them to the background, never refusing the upload. */
async function inspectAndRender(job: InspectJob): Promise<PdfJobResult> {
  const outcome = await inspect(job);
  if (!job.render || !outcome.ok || outcome.kind !== "inspect") return outcome;
  const rendered = await renderPages(await readFile(job.input), job.render, job.maxPages).catch((error: unknown) => {
    log.error({ err: error }, "rendering page images failed");
    return [];
  });
  return { ...outcome, rendered };
}

const run = (job: PdfJob) => (job.kind === "inspect" ? inspectAndRender(job) : job.kind === "render" ? render(job) : watermark(job));

process.on("message", (job: PdfJob) => {
  run(job).then(
    (result) => process.send?.(result),
    (error: unknown) => {
      if (!(error instanceof PdfRefused)) log.error({ err: error }, "job failed");
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
