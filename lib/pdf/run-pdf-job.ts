import { fork, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ApiError } from "../errors";
import { config } from "../config";
import type { InspectJob, InspectResult, PdfJob, PdfJobResult, WatermarkJob, WatermarkResult } from "./pdf-job";

/**
 * Runs PDF jobs in worker processes, so a hostile file costs the web process nothing: each worker
 * has a memory ceiling (its resident memory is watched and it is killed past it, since inflated
 * buffers live outside V8's heap limits) and a time limit. At most PDF_WORKERS jobs run at once;
 * PDF_QUEUE_LIMIT more wait; past that the caller gets 503 with Retry-After.
 */
type Worker = { child: ChildProcess; ready: Promise<void> };

const WATCH_INTERVAL_MS = 20;
const PAGE_SIZE = 4096;
const workerEntry = () => path.join(/*turbopackIgnore: true*/ process.cwd(), "lib/pdf/pdf-worker.ts");

const idle: Worker[] = [];
let running = 0;
const waiting: Array<() => void> = [];

/** Jobs holding a worker slot now (queued ones not counted). */
export const pdfJobsInProgress = () => running;

type Outcome<R> = R & { peakRssBytes: number };
export type PdfJobOutcome = Outcome<InspectResult>;
export type WatermarkOutcome = Outcome<WatermarkResult>;

/** Inspects an uploaded PDF and writes its preview when the gate needs one. */
export async function runPdfJob(job: Omit<InspectJob, "kind" | "maxPages" | "maxContentBytes">): Promise<PdfJobOutcome> {
  const outcome = await runJob({ ...job, kind: "inspect", maxPages: config().MAX_PAGES, maxContentBytes: 64 * 1024 * 1024 });
  if (outcome.kind !== "inspect") throw new Error("The PDF worker answered an inspection with another kind of result");
  return outcome;
}

/** Writes a copy of a stored PDF with `text` drawn over every page. */
export async function runWatermarkJob(job: Omit<WatermarkJob, "kind" | "maxPages">): Promise<WatermarkOutcome> {
  const outcome = await runJob({ ...job, kind: "watermark", maxPages: config().MAX_PAGES });
  if (outcome.kind !== "watermark") throw new Error("The PDF worker answered a watermark with another kind of result");
  return outcome;
}

async function runJob(job: PdfJob): Promise<Outcome<InspectResult | WatermarkResult>> {
  const settings = config();
  await acquire(settings.PDF_WORKERS, settings.PDF_QUEUE_LIMIT);
  let worker: Worker | undefined;
  try {
    worker = idle.pop() ?? spawnWorker(settings.PDF_WORKER_MEMORY_MB);
    setBusy(worker, true);
    await worker.ready;
    const outcome = await runOn(worker, job, settings);
    setBusy(worker, false);
    idle.push(worker);
    worker = undefined;
    return outcome;
  } finally {
    if (worker) worker.child.kill("SIGKILL");
    release();
  }
}

function runOn(
  worker: Worker,
  job: PdfJob,
  limits: { PDF_WORKER_MEMORY_MB: number; PDF_WORKER_TIMEOUT_SECONDS: number },
): Promise<Outcome<InspectResult | WatermarkResult>> {
  const { child } = worker;
  const ceiling = limits.PDF_WORKER_MEMORY_MB * 1024 * 1024;
  return new Promise((resolve, reject) => {
    let peak = residentBytes(child.pid) ?? 0;
    const finish = (settle: () => void) => {
      clearInterval(watch);
      clearTimeout(timer);
      child.off("message", onMessage);
      child.off("exit", onExit);
      settle();
    };
    const refuse = (message: string) => finish(() => reject(new ApiError("bad_request", message)));
    const watch = setInterval(() => {
      const rss = residentBytes(child.pid);
      if (rss === null) return;
      peak = Math.max(peak, rss);
      if (rss > ceiling) {
        child.kill("SIGKILL");
        refuse(
          `The PDF needs more than ${limits.PDF_WORKER_MEMORY_MB} MB of memory to read, far more than its size suggests (it may be a compression bomb). Save it again with a PDF tool and upload that.`,
        );
      }
    }, WATCH_INTERVAL_MS);
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      refuse(`The PDF took longer than ${limits.PDF_WORKER_TIMEOUT_SECONDS} s to read. Save it again with a PDF tool and upload that.`);
    }, limits.PDF_WORKER_TIMEOUT_SECONDS * 1000);
    const onMessage = (message: PdfJobResult) => {
      if (message.ok) finish(() => resolve({ ...message, peakRssBytes: peak }));
      else refuse(message.refused);
    };
    const onExit = () => refuse("The PDF could not be read; it may be corrupt or truncated.");
    child.on("message", onMessage);
    child.on("exit", onExit);
    child.send(job);
  });
}

function spawnWorker(memoryMb: number): Worker {
  const child = fork(workerEntry(), [], {
    execArgv: ["--import", "tsx", `--max-old-space-size=${memoryMb}`],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    serialization: "json",
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", () => reject(new Error("The PDF worker exited while starting")));
  });
  child.on("exit", () => {
    const index = idle.findIndex((w) => w.child === child);
    if (index >= 0) idle.splice(index, 1);
  });
  return { child, ready };
}

/** An idle worker must not keep the web process (or a test run) alive; a busy one must. */
function setBusy({ child }: Worker, busy: boolean) {
  if (busy) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

async function acquire(concurrency: number, queueLimit: number) {
  if (running < concurrency) {
    running++;
    return;
  }
  if (waiting.length >= queueLimit) {
    throw new ApiError("service_unavailable", "Too many PDFs are being processed right now. Try again in a few seconds.", {
      headers: { "Retry-After": "5" },
    });
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function release() {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/** Resident memory of a process from /proc (Linux); null elsewhere or once it has exited. */
function residentBytes(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]);
    return Number.isFinite(pages) ? pages * PAGE_SIZE : null;
  } catch {
    return null;
  }
}
