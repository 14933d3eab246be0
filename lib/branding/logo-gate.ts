import { ApiError } from "../errors";
import { createWorkGate } from "../work-gate";

/** Seconds a refused uploader is asked to wait: the costliest logo we accept takes a few tenths of a second. */
export const LOGO_BUSY_RETRY_SECONDS = 2;

/**
 * How much logo work the web process takes on: one decode at a time (libvips holds one of libuv's
 * four threads while it runs, and file reads and password hashes need the others), two more waiting
 * at most, and one per account, waiting or running.
 */
export const LOGO_GATE_LIMITS = { concurrency: 1, queueLimit: 2 } as const;

const busy = (message: string) =>
  new ApiError("rate_limited", `${message} Try again in ${LOGO_BUSY_RETRY_SECONDS} seconds.`, {
    headers: { "Retry-After": String(LOGO_BUSY_RETRY_SECONDS) },
  });

export type LogoGate = { run<T>(account: string, work: () => Promise<T>): Promise<T> };

/**
 * At most `concurrency` pieces of work run at once and `queueLimit` wait; an account has at most one
 * in the gate. Past either bound the caller is refused at once (429 `rate_limited`, Retry-After), so
 * a flood from one account, or from many, never builds a backlog.
 */
export function createLogoGate(limits: { concurrency: number; queueLimit: number }): LogoGate {
  const gate = createWorkGate({ ...limits, busy: () => busy("Too many logos are being processed right now.") });
  const accounts = new Set<string>();
  return {
    async run<T>(account: string, work: () => Promise<T>): Promise<T> {
      if (accounts.has(account)) throw busy("Your last logo is still being processed.");
      accounts.add(account);
      try {
        return await gate.run(work);
      } finally {
        accounts.delete(account);
      }
    },
  };
}

/**
 * The web process's one gate. Kept on globalThis because Next bundles this module into more than
 * one server layer, and the bounds hold only if every copy counts together.
 */
export function logoGate(): LogoGate {
  const holder = globalThis as { pagewiseLogoGate?: LogoGate };
  holder.pagewiseLogoGate ??= createLogoGate(LOGO_GATE_LIMITS);
  return holder.pagewiseLogoGate;
}
