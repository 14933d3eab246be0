/**
 * Work a process starts with and repeats (an orphan sweep, looking for unfinished page images):
 * `run` does it now, and after a failure (the database busy or not reachable yet after a crash)
 * does it again in `retryMs` rather than at its next scheduled round, until it succeeds or `stop`.
 */
export type RetriedTask = { run(): void; stop(): void };

export function retriedTask(
  task: () => Promise<unknown>,
  { retryMs, onFailure }: { retryMs: number; onFailure: (error: unknown) => void },
): RetriedTask {
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const run = () =>
    void task().catch((error: unknown) => {
      onFailure(error);
      clearTimeout(retry);
      if (!stopped) retry = setTimeout(run, retryMs);
    });
  return {
    run,
    stop() {
      stopped = true;
      clearTimeout(retry);
    },
  };
}
