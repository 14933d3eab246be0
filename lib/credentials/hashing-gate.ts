import { ApiError } from "../errors";

/** Seconds a refused caller is asked to wait: a full queue drains in well under a second. */
export const HASHING_BUSY_RETRY_SECONDS = 2;

export class HashingBusyError extends ApiError {
  constructor() {
    super("service_unavailable", `The server is busy checking other passwords. Try again in ${HASHING_BUSY_RETRY_SECONDS} seconds.`, {
      headers: { "Retry-After": String(HASHING_BUSY_RETRY_SECONDS) },
    });
    this.name = "HashingBusyError";
  }
}

export type HashingGate = { run<T>(work: () => Promise<T>): Promise<T> };

/**
 * At most `concurrency` hashes run at once and at most `queueLimit` wait; past that a caller is
 * refused at once (HashingBusyError) instead of adding to a backlog a flood would never clear.
 */
export function createHashingGate({ concurrency, queueLimit }: { concurrency: number; queueLimit: number }): HashingGate {
  let running = 0;
  const waiting: Array<() => void> = [];
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < concurrency) running++;
      else if (waiting.length < queueLimit) await new Promise<void>((resolve) => waiting.push(resolve));
      else throw new HashingBusyError();
      try {
        return await work();
      } finally {
        // A finished hash hands its slot straight to the next in line.
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}
