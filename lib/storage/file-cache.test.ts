import { readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { config } from "../config";
import { ApiError } from "../errors";
import { setClockOffset } from "../time";
import { cachedFile, type FileCache } from "./file-cache";
import { scratchName } from "./clear-scratch";

let cache: FileCache;
beforeEach(() => {
  cache = { dir: path.join(config().DATA_DIR, "file-cache-tests", scratchName("")), capBytes: 250 };
  setClockOffset(0);
});
afterEach(() => setClockOffset(0));

/** A maker writing `bytes` of `fill`, counting how often it runs. */
function maker(fill: string, bytes = 100) {
  const made = {
    count: 0,
    make: async (output: string) => {
      made.count++;
      await writeFile(output, fill.repeat(bytes));
    },
  };
  return made;
}

const read = async (name: string, make: (output: string) => Promise<void>) => {
  const file = await cachedFile(cache, name, make);
  const body = await buffer(file.body);
  expect(body.length).toBe(file.size);
  return body.toString();
};

const minutesLater = (minutes: number) => setClockOffset(minutes * 60_000);

describe("a cached file", () => {
  it("is made once and read from disk after that", async () => {
    const a = maker("a");
    expect(await read("a", a.make)).toBe("a".repeat(100));
    expect(await read("a", a.make)).toBe("a".repeat(100));
    expect(a.count).toBe(1);
  });

  it("removes the least recently served entries past the cap, not the oldest made", async () => {
    const [a, b, c] = [maker("a"), maker("b"), maker("c")];
    await read("a", a.make);
    minutesLater(1);
    await read("b", b.make);
    minutesLater(2);
    await read("a", a.make);
    minutesLater(3);
    await read("c", c.make);
    expect((await readdir(cache.dir)).sort()).toEqual(["a", "c"]);
    await read("b", b.make);
    expect([a.count, b.count, c.count]).toEqual([1, 2, 1]);
  });

  it("is served once even when larger than the whole cap, and not kept", async () => {
    const big = maker("x", 1000);
    expect(await read("big", big.make)).toHaveLength(1000);
    expect(await readdir(cache.dir)).toEqual([]);
  });

  it("is made by one of many requests arriving together; the others read what it made", async () => {
    const a = maker("a");
    const bodies = await Promise.all(Array.from({ length: 6 }, () => read("a", a.make)));
    expect(new Set(bodies)).toEqual(new Set(["a".repeat(100)]));
    expect(a.count).toBe(1);
  });

  it("is made once when one copy of this module begins it and another asks for it, as Next's page and route bundles do", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const begun = { count: 0 };
    const beginning = cachedFile(cache, "a", async (output) => {
      begun.count++;
      await held;
      await writeFile(output, "made by the page");
    });
    await vi.waitFor(() => expect(begun.count).toBe(1));
    vi.resetModules();
    const routeCopy = await import("./file-cache");
    const route = maker("r");
    const asked = routeCopy.cachedFile(cache, "a", route.make);
    release();
    const [first, second] = await Promise.all([beginning, asked]);
    first.body.destroy();
    expect((await buffer(second.body)).toString()).toBe("made by the page");
    expect([begun.count, route.count]).toEqual([1, 0]);
  });

  it("hands no one else a maker's refusal: a waiter whose maker was refused makes it itself", async () => {
    let calls = 0;
    const refuseFirst = async (output: string) => {
      calls++;
      if (calls === 1) throw new ApiError("rate_limited", "Too many");
      await writeFile(output, "made by the second");
    };
    const outcomes = await Promise.allSettled([read("a", refuseFirst), read("a", refuseFirst)]);
    const refused = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [(outcome.reason as ApiError).code] : []));
    const served = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
    expect([refused, served]).toEqual([["rate_limited"], ["made by the second"]]);
    expect(calls).toBe(2);
  });
});
