import { fork, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ApiError } from "../errors";
import { config } from "../config";
import type { InspectJob, InspectResult, PdfJob, PdfJobResult, RenderJob, RenderResult, WatermarkJob, WatermarkResult } from "./pdf-job";
import { gauge } from "../metrics/registry";
import { pdfJobDuration } from "../metrics/queue-metrics";

/**
 * Runs PDF jobs in worker processes, so a hostile file costs the web process nothing: each worker
 * has a memory ceiling (its resident memory is watched and it is killed past it, since inflated
 * buffers live outside V8's heap limits) and a time limit. At most PDF_WORKERS jobs run at once.
 *
 * Two lanes share them. The owner's work (inspecting uploads, building previews) may use every
 * worker and PDF_QUEUE_LIMIT jobs wait for one. Public work (watermarking a reader's download) may
 * hold at most PDF_PUBLIC_WORKERS of them (fewer than PDF_WORKERS, so one is always free of it) and
 * PDF_PUBLIC_QUEUE_LIMIT wait; a freed worker goes to a waiting owner job first. So readers, however
 * many, never make an upload wait behind them. Past a lane's queue the caller gets 503 with Retry-After.
 *
 * A third lane, background (rendering page images after an upload), takes a worker only when one is
 * free and no owner or public job waits, and holds at most one: its jobs are a few pages each, so an
 * upload arriving meanwhile waits at most one such job when every worker is busy.
 */
type Worker = { child: ChildProcess; ready: Promise<void> };
type Lane = "owner" | "public" | "background";

const WATCH_INTERVAL_MS = 20;
const PAGE_SIZE = 4096;
const workerEntry = () => path.join(/*turbopackIgnore: true*/ process.cwd(), "lib/pdf/pdf-worker.ts");

type Pool = {
  idle: Worker[];
  running: Record<Lane, number>;
  waiting: Record<Lane, Array<() => void>>;
  started: Record<PdfJob["kind"], number>;
};
// One pool per process: Next bundles this module into several server layers (routes, pages,
// instrumentation), each with its own copy, and the lanes hold only if they all count together.
const pool = ((globalThis as { pagewisePdfPool?: Pool }).pagewisePdfPool ??= {
  idle: [],
  running: { owner: 0, public: 0, background: 0 },
  waiting: { owner: [], public: [], background: [] },
  started: { inspect: 0, watermark: 0, render: 0 },
});
const { idle, running, waiting, started } = pool;

gauge({
  name: "pagewise_pdf_jobs",
  help: "PDF worker jobs by lane: holding a worker (running) or queued for one (waiting)",
  labelNames: ["lane", "state"],
  collect() {
    for (const lane of ["owner", "public", "background"] as const) {
      this.set({ lane, state: "running" }, running[lane]);
      this.set({ lane, state: "waiting" }, waiting[lane].length);
    }
  },
});

/** Jobs holding a worker slot now, in one lane or in both (queued ones not counted). */
export const pdfJobsInProgress = (lane?: Lane) => (lane ? running[lane] : running.owner + running.public + running.background);

/** Jobs of a kind handed to a worker since the process started. */
export const pdfJobsStarted = (kind: PdfJob["kind"]) => started[kind];

type Outcome<R> = R & { peakRssBytes: number };
export type PdfJobOutcome = Outcome<InspectResult>;
export type WatermarkOutcome = Outcome<WatermarkResult>;
export type RenderOutcome = Outcome<RenderResult>;

/** Inspects an uploaded PDF and writes its preview when the gate needs one. */
export async function runPdfJob(job: Omit<InspectJob, "kind" | "maxPages" | "maxContentBytes">): Promise<PdfJobOutcome> {
  const outcome = await runJob("owner", { ...job, kind: "inspect", maxPages: config().MAX_PAGES, maxContentBytes: 64 * 1024 * 1024 });
  if (outcome.kind !== "inspect") throw new Error("The PDF worker answered an inspection with another kind of result");
  return outcome;
}

/** Writes a copy of a stored PDF with `text` drawn over every page, for a reader (the public lane). */
export async function runWatermarkJob(job: Omit<WatermarkJob, "kind" | "maxPages">): Promise<WatermarkOutcome> {
  const outcome = await runJob("public", { ...job, kind: "watermark", maxPages: config().MAX_PAGES });
  if (outcome.kind !== "watermark") throw new Error("The PDF worker answered a watermark with another kind of result");
  return outcome;
}

/**
 * Renders pages of a stored document's PDF to images: after its upload in the background lane, or
 * one page a reader asks for that is not drawn yet in the public lane, ahead of the background.
 */
export async function runRenderJob(
  job: Omit<RenderJob, "kind" | "maxPages">,
  lane: "background" | "public" = "background",
): Promise<RenderOutcome> {
  const outcome = await runJob(lane, { ...job, kind: "render", maxPages: config().MAX_PAGES });
  if (outcome.kind !== "render") throw new Error("The PDF worker answered a render with another kind of result");
  return outcome;
}

type AnyOutcome = Outcome<InspectResult | WatermarkResult | RenderResult>;

async function runJob(lane: Lane, job: PdfJob): Promise<AnyOutcome> {
  const settings = config();
  await acquire(lane, settings);
  let worker: Worker | undefined;
  const timer = pdfJobDuration().startTimer({ lane, kind: job.kind });
  try {
    started[job.kind]++;
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
    timer();
    release(lane, settings);
  }
}

function runOn(
  worker: Worker,
  job: PdfJob,
  limits: { PDF_WORKER_MEMORY_MB: number; PDF_WORKER_TIMEOUT_SECONDS: number },
): Promise<AnyOutcome> {
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

type LaneSettings = { PDF_WORKERS: number; PDF_QUEUE_LIMIT: number; PDF_PUBLIC_WORKERS: number; PDF_PUBLIC_QUEUE_LIMIT: number };

/** Whether a job of `lane` may take a worker now; a public one never while an owner job waits, a background one never while anyone waits. */
function mayStart(lane: Lane, settings: LaneSettings): boolean {
  if (pdfJobsInProgress() >= settings.PDF_WORKERS) return false;
  if (lane === "background") return running.background === 0 && waiting.owner.length === 0 && waiting.public.length === 0;
  return lane === "owner" || (running.public < settings.PDF_PUBLIC_WORKERS && waiting.owner.length === 0);
}

async function acquire(lane: Lane, settings: LaneSettings) {
  if (mayStart(lane, settings)) {
    running[lane]++;
    return;
  }
  const queueLimit =
    lane === "owner" ? settings.PDF_QUEUE_LIMIT : lane === "public" ? settings.PDF_PUBLIC_QUEUE_LIMIT : Number.POSITIVE_INFINITY;
  if (waiting[lane].length >= queueLimit) {
    throw new ApiError("service_unavailable", "Too many PDFs are being processed right now. Try again in a few seconds.", {
      headers: { "Retry-After": "5" },
    });
  }
  await new Promise<void>((resolve) => waiting[lane].push(resolve));
}

/** Frees the lane's worker slot and hands free slots on, waiting owner jobs first. */
function release(lane: Lane, settings: LaneSettings) {
  running[lane]--;
  for (const next of ["owner", "public", "background"] as const) {
    while (waiting[next].length > 0 && mayStart(next, settings)) {
      running[next]++;
      waiting[next].shift()!();
    }
  }
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
