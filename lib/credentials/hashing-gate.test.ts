import { describe, expect, it } from "vitest";
import { ApiError } from "../errors";
import { HashingBusyError, createHashingGate } from "./hashing-gate";

/** A piece of work that runs until the test finishes it, recording how many run at once. */
function controlledWork() {
  const state = { running: 0, most: 0, finishers: [] as Array<() => void> };
  const work = () =>
    new Promise<string>((resolve) => {
      state.running++;
      state.most = Math.max(state.most, state.running);
      state.finishers.push(() => {
        state.running--;
        resolve("done");
      });
    });
  const finishOne = async () => {
    state.finishers.shift()!();
    // Let the gate hand the slot over and the next piece of work start.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { state, work, finishOne };
}

describe("the hashing gate", () => {
  it("runs at most `concurrency` at once, queues up to `queueLimit`, and refuses the rest at once with 503 and Retry-After", async () => {
    const gate = createHashingGate({ concurrency: 2, queueLimit: 3 });
    const { state, work, finishOne } = controlledWork();
    const results = Array.from({ length: 8 }, () =>
      gate.run(work).then(
        (v) => v,
        (e: unknown) => e,
      ),
    );
    await new Promise((resolve) => setImmediate(resolve));

    expect(state.running).toBe(2);
    const refused = (await Promise.all(results.slice(5))) as unknown[];
    for (const error of refused) {
      expect(error).toBeInstanceOf(HashingBusyError);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ code: "service_unavailable", status: 503, headers: { "Retry-After": "2" } });
    }

    for (let i = 0; i < 5; i++) await finishOne();
    expect(await Promise.all(results.slice(0, 5))).toEqual(["done", "done", "done", "done", "done"]);
    expect(state.most).toBe(2);
    expect(state.running).toBe(0);
  });

  it("takes new work again once the queue has drained", async () => {
    const gate = createHashingGate({ concurrency: 1, queueLimit: 0 });
    const { work, finishOne } = controlledWork();
    const first = gate.run(work);
    await expect(gate.run(work)).rejects.toBeInstanceOf(HashingBusyError);
    await finishOne();
    await first;
    const second = gate.run(work);
    await finishOne();
    expect(await second).toBe("done");
  });

  it("frees the slot of work that fails", async () => {
    const gate = createHashingGate({ concurrency: 1, queueLimit: 0 });
    await expect(gate.run(() => Promise.reject(new Error("broken hash")))).rejects.toThrow("broken hash");
    expect(await gate.run(() => Promise.resolve("next"))).toBe("next");
  });
});
