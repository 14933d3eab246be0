import { afterEach, describe, expect, it, vi } from "vitest";
import { retriedTask } from "./retried-task";

afterEach(() => vi.useRealTimers());

/** A task that fails its first `failures` runs, then succeeds; `runs` counts every try. */
function flaky(failures: number) {
  const state = { runs: 0 };
  const task = () => {
    state.runs++;
    return state.runs <= failures ? Promise.reject(new Error("database starting")) : Promise.resolve();
  };
  return { state, task };
}

describe("start-up work tried again after a failure", () => {
  it("is tried again each retry period after a failure, and no more once it succeeded", async () => {
    vi.useFakeTimers();
    const { state, task } = flaky(2);
    const failures: unknown[] = [];
    retriedTask(task, { retryMs: 10_000, onFailure: (error) => failures.push(error) }).run();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(state.runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.runs).toBe(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.runs).toBe(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.runs).toBe(3);
    expect(failures).toHaveLength(2);
  });

  it("is not tried again once stopped, even with a retry pending", async () => {
    vi.useFakeTimers();
    const { state, task } = flaky(100);
    const work = retriedTask(task, { retryMs: 10_000, onFailure: () => undefined });
    work.run();
    await vi.advanceTimersByTimeAsync(0);
    work.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.runs).toBe(1);
  });

  it("keeps one retry pending when a scheduled run fails while another retry waits", async () => {
    vi.useFakeTimers();
    const { state, task } = flaky(100);
    const work = retriedTask(task, { retryMs: 10_000, onFailure: () => undefined });
    work.run();
    await vi.advanceTimersByTimeAsync(5_000);
    work.run();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(state.runs).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.runs).toBe(3);
  });
});
