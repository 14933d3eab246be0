/**
 * A bound on costly work in one process (password hashes, logo decodes, readers' watermarks): at
 * most `concurrency` pieces run at once and at most `queueLimit` wait in line, each for at most
 * `maxWaitMs` when given. Past a bound the caller gets `busy()` at once, never a backlog a flood
 * would not clear. A finished piece hands its slot straight to the next in line.
 */
export type WorkGate = {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Running and waiting now, for benches and tests. */
  load(): { running: number; waiting: number };
  /** Settles once nothing runs (at once when nothing does). */
  idle(): Promise<void>;
};

export function createWorkGate({
  concurrency,
  queueLimit,
  maxWaitMs,
  busy,
}: {
  concurrency: number;
  queueLimit: number;
  maxWaitMs?: number;
  busy: () => Error;
}): WorkGate {
  let running = 0;
  const waiting: Array<() => void> = [];
  const idlers: Array<() => void> = [];
  const enter = () =>
    new Promise<void>((resolve, reject) => {
      const admit = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer =
        maxWaitMs === undefined
          ? undefined
          : setTimeout(() => {
              waiting.splice(waiting.indexOf(admit), 1);
              reject(busy());
            }, maxWaitMs);
      waiting.push(admit);
    });
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < concurrency) running++;
      else if (waiting.length >= queueLimit) throw busy();
      else await enter();
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else if (--running === 0) for (const idler of idlers.splice(0)) idler();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
    idle: () => (running === 0 ? Promise.resolve() : new Promise<void>((resolve) => idlers.push(resolve))),
  };
}
