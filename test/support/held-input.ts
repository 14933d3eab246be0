import { execFileSync } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { samplePdf } from "../../scripts/lib/sample-pdf";
import { config } from "../../lib/config";
import { pdfJobsInProgress, runWatermarkJob } from "../../lib/pdf/run-pdf-job";
import { scratchName } from "../../lib/storage/clear-scratch";

/**
 * A named pipe as a PDF job's input: the worker's read of it, and so the job and its worker slot,
 * lasts until the test writes the PDF into it. Jobs held this way make the workers' lanes exact
 * states to assert on, never a race against how long a job takes.
 */
export function heldInput(file: string, pdf: Buffer): { input: string; release: () => Promise<void> } {
  execFileSync("mkfifo", [file]);
  return { input: file, release: () => writeFile(file, pdf) };
}

/** Holds the readers' lane's only worker with a watermark job until the returned release. */
export async function holdPublicLane(): Promise<() => Promise<void>> {
  const dir = path.join(config().DATA_DIR, "tmp", "held");
  await mkdir(dir, { recursive: true });
  const held = heldInput(path.join(dir, scratchName(".pdf")), await samplePdf(1));
  const job = runWatermarkJob({ input: held.input, output: `${held.input}.out`, text: "Held" });
  if (pdfJobsInProgress("public") !== 1) throw new Error("the readers' lane was not held by exactly one job");
  return async () => {
    await held.release();
    await job;
    await Promise.all([rm(held.input), rm(`${held.input}.out`)]);
  };
}
