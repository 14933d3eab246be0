import { execFileSync } from "node:child_process";
import { writeFile } from "node:fs/promises";

/**
 * A named pipe as a PDF job's input: the worker's read of it, and so the job and its worker slot,
 * lasts until the test writes the PDF into it. Jobs held this way make the workers' lanes exact
 * states to assert on, never a race against how long a job takes.
 */
export function heldInput(file: string, pdf: Buffer): { input: string; release: () => Promise<void> } {
  execFileSync("mkfifo", [file]);
  return { input: file, release: () => writeFile(file, pdf) };
}
