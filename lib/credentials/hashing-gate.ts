import { ApiError } from "../errors";
import { createWorkGate, type WorkGate } from "../work-gate";

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

export type HashingGate = WorkGate;

/**
 * At most `concurrency` hashes run at once and at most `queueLimit` wait; past that a caller is
 * refused at once (HashingBusyError) instead of adding to a backlog a flood would never clear.
 */
export function createHashingGate({ concurrency, queueLimit }: { concurrency: number; queueLimit: number }): HashingGate {
  return createWorkGate({ concurrency, queueLimit, busy: () => new HashingBusyError() });
}
