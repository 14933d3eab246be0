import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../errors";
import { createPageWatermarkGate, earlyMarkGate, laterPageGate } from "./page-watermark-gate";

/** A piece of work that runs until released, and says whether it has started. */
function held() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  const work = { started: false, release, run: async () => ((work.started = true), await done) };
  return work;
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as ApiError,
  );

afterEach(() => vi.useRealTimers());

describe("the web process's gate for drawing watermarks into page images", () => {
  it("runs one piece of work at a time; the others wait their turn, in order, instead of failing", async () => {
    const gate = createPageWatermarkGate({ concurrency: 1, queueLimit: 4, maxWaitMs: 10_000 });
    const works = [held(), held(), held()];
    const runs = works.map((work) => gate.run(work.run));
    await Promise.resolve();
    expect(works.map((work) => work.started)).toEqual([true, false, false]);
    expect(gate.load()).toEqual({ running: 1, waiting: 2 });
    works[0]!.release();
    await runs[0];
    await vi.waitFor(() => expect(works.map((work) => work.started)).toEqual([true, true, false]));
    works[1]!.release();
    works[2]!.release();
    await Promise.all(runs);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses at once past its queue, and a waiter past its longest wait, with 503 and Retry-After; the slot stays usable", async () => {
    vi.useFakeTimers();
    const gate = createPageWatermarkGate({ concurrency: 1, queueLimit: 1, maxWaitMs: 5_000 });
    const holder = held();
    const running = gate.run(holder.run);
    const waiter = refusal(gate.run(async () => "drawn"));
    const flooded = await refusal(gate.run(async () => "drawn"));
    expect([flooded?.status, flooded?.headers["Retry-After"]]).toEqual([503, "2"]);

    await vi.advanceTimersByTimeAsync(5_000);
    const timedOut = await waiter;
    expect([timedOut?.code, timedOut?.status]).toEqual(["service_unavailable", 503]);
    expect(gate.load()).toEqual({ running: 1, waiting: 0 });

    holder.release();
    await running;
    expect(await gate.run(async () => "drawn")).toBe("drawn");
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("frees its slot when the work fails", async () => {
    const gate = createPageWatermarkGate({ concurrency: 1, queueLimit: 0, maxWaitMs: 1_000 });
    await expect(gate.run(async () => Promise.reject(new Error("broken image")))).rejects.toThrow("broken image");
    expect(await gate.run(async () => "drawn")).toBe("drawn");
  });

  it("says when it is idle: at once with nothing running, else once the last piece finishes", async () => {
    const gate = createPageWatermarkGate({ concurrency: 2, queueLimit: 0, maxWaitMs: 1_000 });
    await gate.idle();
    const works = [held(), held()];
    const runs = works.map((work) => gate.run(work.run));
    let idle = false;
    const idling = gate.idle().then(() => (idle = true));
    works[0]!.release();
    await runs[0];
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(idle).toBe(false);
    works[1]!.release();
    await Promise.all([...runs, idling]);
    expect(idle).toBe(true);
  });

  it("starts a reader's later page only once no early page 1 is being drawn", async () => {
    const pageOne = held();
    const early = earlyMarkGate().run(pageOne.run);
    const pageTwo = held();
    const later = laterPageGate().run(pageTwo.run);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pageTwo.started).toBe(false);
    pageOne.release();
    await early;
    await vi.waitFor(() => expect(pageTwo.started).toBe(true));
    pageTwo.release();
    await later;
    expect(laterPageGate().load()).toEqual({ running: 0, waiting: 0 });
  });
});
