import { ApiError } from "../../errors";
import { createWorkGate, type WorkGate } from "../../work-gate";

/** Seconds a refused reader's browser is asked to wait: a page's mark takes a few tenths of a second. */
export const PAGE_WATERMARK_BUSY_RETRY_SECONDS = 2;

/**
 * How much watermark drawing the web process takes on: one page at a time (libvips holds one of
 * libuv's four threads while it runs, and file reads, password hashes and logos need the others).
 * The rest wait in line, since a reader's pages must not fail under ordinary load: 20 readers
 * turning pages at once wait a few seconds at most. Past `queueLimit` waiting, or `maxWaitMs` in line,
 * a request is refused (503, Retry-After) rather than building a backlog no reader still waits for.
 */
export const PAGE_WATERMARK_GATE_LIMITS = { concurrency: 1, queueLimit: 64, maxWaitMs: 10_000 } as const;

export type PageWatermarkGate = WorkGate;

const busy = () =>
  new ApiError(
    "service_unavailable",
    `Too many watermarked pages are being prepared right now. Try again in ${PAGE_WATERMARK_BUSY_RETRY_SECONDS} seconds.`,
    { headers: { "Retry-After": String(PAGE_WATERMARK_BUSY_RETRY_SECONDS), "Cache-Control": "no-store" } },
  );

export function createPageWatermarkGate(limits: { concurrency: number; queueLimit: number; maxWaitMs: number }): PageWatermarkGate {
  return createWorkGate({ ...limits, busy });
}

/**
 * The web process's one gate. Kept on globalThis because Next bundles this module into more than
 * one server layer, and the bounds hold only if every copy counts together.
 */
export function pageWatermarkGate(): PageWatermarkGate {
  const holder = globalThis as { pagewisePageWatermarkGate?: PageWatermarkGate };
  holder.pagewisePageWatermarkGate ??= createPageWatermarkGate(PAGE_WATERMARK_GATE_LIMITS);
  return holder.pagewisePageWatermarkGate;
}

/**
 * The gate of the marks begun before anyone asked (lib/http/first-page-mark.ts): one at a time and
 * none waiting, so a share page's guess costs at most one drawing in the process, and apart from
 * pageWatermarkGate, so a guess at the wrong width never holds up the width the browser asks for.
 */
export function earlyMarkGate(): PageWatermarkGate {
  const holder = globalThis as { pagewiseEarlyMarkGate?: PageWatermarkGate };
  holder.pagewiseEarlyMarkGate ??= createPageWatermarkGate({ concurrency: 1, queueLimit: 0, maxWaitMs: 0 });
  return holder.pagewiseEarlyMarkGate;
}

/**
 * The gate of a reader's pages after the first: their turn in pageWatermarkGate once no early mark
 * is being drawn. A new reader's browser asks for pages 2 and 3 as soon as page 1 (they are in
 * view or just below it), and drawn beside page 1's mark they took half the processor from the
 * page the reader waits for. The wait is one drawing at most (earlyMarkGate runs one, keeps none).
 */
export function laterPageGate(): PageWatermarkGate {
  return {
    run: async (work) => {
      await earlyMarkGate().idle();
      return pageWatermarkGate().run(work);
    },
    load: () => pageWatermarkGate().load(),
    idle: () => pageWatermarkGate().idle(),
  };
}
