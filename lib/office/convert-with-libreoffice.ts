import { spawn } from "node:child_process";
import { copyFile, mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { config } from "../config";
import { ApiError } from "../errors";
import { logger } from "../log/logger";
import { CONVERSION_REGISTRY } from "./conversion-profile";
import { runInConversionLane } from "./conversion-lane";

const log = logger("office");

/** The line logged for each conversion, with LibreOffice's time in `ms` (as `npm run bench:upload` reads it). */
export const CONVERTED_MESSAGE = "office file converted to PDF";

export type ConversionLimits = { timeoutSeconds: number; memoryMb: number; outputMb: number };

/**
 * Converts an office file to PDF with LibreOffice in a child process of its own group: a fresh
 * profile per conversion (two at once never share one, and nothing a file sets outlives it), the
 * registry of `conversion-profile.ts` (no macros, no link updates, no fetches), an address-space
 * limit and an output-size limit (ulimit, inherited by soffice's own children), and a time limit
 * past which the whole group is killed. Runs in the conversion lane. Gives the PDF's path in a
 * scratch folder the caller removes with `cleanup`.
 */
export async function convertWithLibreOffice(
  binary: string,
  input: string,
  extension: string,
  limits: ConversionLimits,
): Promise<{ pdf: string; cleanup: () => Promise<void> }> {
  const root = path.join(config().DATA_DIR, "tmp", "office");
  await mkdir(root, { recursive: true });
  const dir = await mkdtemp(path.join(root, "conversion-"));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const profile = path.join(dir, "profile");
    await mkdir(path.join(profile, "user"), { recursive: true });
    await writeFile(path.join(profile, "user", "registrymodifications.xcu"), CONVERSION_REGISTRY);
    // LibreOffice picks its import filter partly by extension (a CSV is only read as one when so named).
    const source = path.join(dir, `document.${extension}`);
    await copyFile(input, source);
    const outDir = path.join(dir, "out");
    await runInConversionLane(async () => {
      const started = performance.now();
      await runSoffice(binary, dir, [profile, outDir, source], limits);
      log.info({ kind: extension, ms: Math.round(performance.now() - started) }, CONVERTED_MESSAGE);
    });
    const pdf = path.join(outDir, "document.pdf");
    const written = await stat(pdf).catch(() => null);
    if (!written || written.size === 0) {
      throw new ApiError(
        "bad_request",
        `LibreOffice could not convert the file to PDF; it may be damaged. Open and save it again, then upload that.`,
      );
    }
    return { pdf, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

function runSoffice(binary: string, home: string, [profile, outDir, source]: string[], limits: ConversionLimits): Promise<void> {
  const args = [
    "--headless",
    "--invisible",
    "--norestore",
    "--nologo",
    "--nodefault",
    "--nolockcheck",
    `-env:UserInstallation=${pathToFileURL(profile!).href}`,
    "--convert-to",
    "pdf",
    "--outdir",
    outDir!,
    source!,
  ];
  // ulimit -v is in KiB, -f in 512-byte blocks (POSIX sh); both are inherited by soffice.bin.
  const script = `ulimit -v ${limits.memoryMb * 1024} && ulimit -f ${limits.outputMb * 2048} && exec "$0" "$@"`;
  const child = spawn("/bin/sh", ["-c", script, binary, ...args], {
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      NODE_ENV: process.env.NODE_ENV,
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: home,
      LANG: "C.UTF-8",
      SAL_USE_VCLPLUGIN: "svp",
    },
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    if (stderr.length < 4096) stderr += chunk.toString();
  });
  return new Promise<void>((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, limits.timeoutSeconds * 1000);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      // soffice may leave helpers behind in its group; none outlives the conversion.
      killGroup(child.pid);
      if (timedOut) {
        reject(
          new ApiError(
            "bad_request",
            `The file took longer than ${limits.timeoutSeconds} s to convert to PDF, so it was stopped. Split it into smaller files, or export it as PDF yourself and upload that.`,
          ),
        );
      } else if (signal === "SIGXFSZ") {
        reject(
          new ApiError(
            "bad_request",
            `The file converts to a PDF larger than ${limits.outputMb} MB. Split it into smaller files and upload those.`,
          ),
        );
      } else if (code !== 0) {
        reject(
          new ApiError(
            "bad_request",
            `LibreOffice could not convert the file to PDF (it stopped: ${signal ?? `exit ${code}`}); it may be damaged or too large.`,
          ),
        );
      } else resolve();
    });
  });
}

function killGroup(pid: number | undefined) {
  if (!pid) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // The group is gone already.
  }
}
