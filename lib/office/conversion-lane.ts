import { config } from "../config";
import { ApiError } from "../errors";

type Lane = { running: number; waiting: Array<() => void> };
// One lane per process, however many copies of this module Next bundles.
const lane = ((globalThis as { pagewiseOfficeLane?: Lane }).pagewiseOfficeLane ??= { running: 0, waiting: [] });

/** Conversions running now (queued ones not counted). */
export const conversionsInProgress = () => lane.running;

/**
 * Runs a conversion when one of OFFICE_CONVERSION_WORKERS slots is free; up to
 * OFFICE_CONVERSION_QUEUE_LIMIT wait, and past them the upload gets 503 with Retry-After. The lane
 * is apart from the PDF workers' lanes, so a slow conversion never holds a worker a reader or a PDF
 * upload needs.
 */
export async function runInConversionLane<T>(work: () => Promise<T>): Promise<T> {
  const { OFFICE_CONVERSION_WORKERS, OFFICE_CONVERSION_QUEUE_LIMIT } = config();
  if (lane.running >= OFFICE_CONVERSION_WORKERS) {
    if (lane.waiting.length >= OFFICE_CONVERSION_QUEUE_LIMIT) {
      throw new ApiError("service_unavailable", "Too many office files are being converted right now. Try again in a minute.", {
        headers: { "Retry-After": "30" },
      });
    }
    await new Promise<void>((resolve) => lane.waiting.push(resolve));
  } else lane.running++;
  try {
    return await work();
  } finally {
    const next = lane.waiting.shift();
    if (next) next();
    else lane.running--;
  }
}
