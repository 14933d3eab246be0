import { describe, expect, it } from "vitest";
import { ApiError } from "../errors";
import { createLogoGate } from "./logo-gate";

/** Logo work that runs until the test finishes it, recording how many run at once. */
function controlledWork() {
  const state = { running: 0, most: 0, finishers: [] as Array<(failure?: Error) => void> };
  const work = () =>
    new Promise<string>((resolve, reject) => {
      state.running++;
      state.most = Math.max(state.most, state.running);
      state.finishers.push((failure) => {
        state.running--;
        if (failure) reject(failure);
        else resolve("done");
      });
    });
  const finishOne = async (failure?: Error) => {
    state.finishers.shift()!(failure);
    // Let the gate hand the slot over and the next piece of work start.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { state, work, finishOne };
}

const settled = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => value,
    (error: unknown) => error,
  );

const expectRateLimited = (error: unknown, message: RegExp) => {
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ code: "rate_limited", status: 429, headers: { "Retry-After": "2" } });
  expect((error as ApiError).message).toMatch(message);
};

describe("the logo gate", () => {
  it("takes one piece of work per account: twelve at once from one account run one, the rest are 429 at once", async () => {
    const gate = createLogoGate({ concurrency: 1, queueLimit: 2 });
    const { state, work, finishOne } = controlledWork();
    const results = Array.from({ length: 12 }, () => settled(gate.run("attacker", work)));
    for (const error of await Promise.all(results.slice(1))) expectRateLimited(error, /Your last logo is still being processed/);
    expect(state.running).toBe(1);
    await finishOne();
    expect(await results[0]).toBe("done");
    // Once it is done, the account may upload again.
    const next = gate.run("attacker", work);
    await finishOne();
    expect(await next).toBe("done");
  });

  it("runs `concurrency` at once across accounts, queues `queueLimit`, refuses the rest with 429, and frees a failed slot", async () => {
    const gate = createLogoGate({ concurrency: 1, queueLimit: 2 });
    const { state, work, finishOne } = controlledWork();
    const results = ["a", "b", "c", "d", "e"].map((account) => settled(gate.run(account, work)));
    for (const error of await Promise.all(results.slice(3))) expectRateLimited(error, /Too many logos are being processed right now/);
    expect(state.running).toBe(1);

    await finishOne(new Error("undecodable"));
    expect(await results[0]).toBeInstanceOf(Error);
    await finishOne();
    await finishOne();
    expect(await Promise.all(results.slice(1, 3))).toEqual(["done", "done"]);
    expect(state.most).toBe(1);
    expect(state.running).toBe(0);

    // Drained: every account may go again, the failed one too.
    const again = gate.run("a", work);
    await finishOne();
    expect(await again).toBe("done");
  });
});
