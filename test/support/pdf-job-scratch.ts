import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeAll, beforeEach } from "vitest";
import { config, reloadConfig } from "../../lib/config";
import { runPdfJob } from "../../lib/pdf/run-pdf-job";
import { scratchName } from "../../lib/storage/clear-scratch";
import { samplePdf } from "../../scripts/lib/sample-pdf";
import { heldInput } from "./held-input";

export const NO_GATE = { emailGate: false, gateType: "full", gatePage: null } as const;

/**
 * A fresh scratch folder and a sample PDF for each test of the PDF workers, run with the worker
 * `settings` (environment variables) applied and removed again around every test.
 */
export function pdfJobScratch(options: { folder: string; pages: number; settings: Record<string, string> }) {
  const scratch: { dir: string; pdf: Buffer } = { dir: "", pdf: Buffer.alloc(0) };
  beforeAll(async () => {
    scratch.pdf = await samplePdf(options.pages);
  });
  beforeEach(async () => {
    Object.assign(process.env, options.settings);
    reloadConfig();
    scratch.dir = path.join(config().DATA_DIR, "tmp", options.folder, scratchName(""));
    await mkdir(scratch.dir, { recursive: true });
  });
  afterEach(async () => {
    for (const name of Object.keys(options.settings)) delete process.env[name];
    reloadConfig();
    await rm(scratch.dir, { recursive: true, force: true });
  });
  const file = (name: string) => path.join(scratch.dir, name);
  return {
    get dir() {
      return scratch.dir;
    },
    get pdf() {
      return scratch.pdf;
    },
    file,
    /** The sample PDF written to `name` in the scratch folder. */
    async pdfFile(name: string) {
      await writeFile(file(name), scratch.pdf);
      return file(name);
    },
    /** A named pipe at `name` that hands a job the sample PDF when released (see heldInput). */
    held: (name: string) => heldInput(file(name), scratch.pdf),
    /** An upload's inspection of `input`, its outputs named after `name`. */
    inspect: (input: string, name: string) =>
      runPdfJob({ input, previewOutput: file(`${name}.preview.pdf`), decryptedOutput: file(`${name}.decrypted.pdf`), gate: NO_GATE }),
  };
}
