import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import v8 from "node:v8";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { collectWhenQuiet } from "./collect-when-quiet";

const QUIET_MS = 1_000;
const MB = 1024 * 1024;
const usedHeap = () => v8.getHeapStatistics().used_heap_size;

let server: Server;
let base: string;

beforeEach(async () => {
  // Only the quiet check's interval is driven by the test; the HTTP traffic is real.
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
  server = createServer((_request, response) => response.end("ok"));
  collectWhenQuiet(server, { quietMs: QUIET_MS, slackBytes: 1 });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  vi.useRealTimers();
});

const serve = async () => expect(await (await fetch(base)).text()).toBe("ok");

/** ~40 MB the heap holds until the returned function drops it (nothing allocates in between, so nothing collects it). */
function garbage() {
  let rows: number[][] | null = Array.from({ length: 100_000 }, (_, i) => Array.from({ length: 50 }, () => i));
  expect(rows.length).toBe(100_000);
  return () => {
    rows = null;
  };
}

describe("collectWhenQuiet", () => {
  test("after requests, a quiet interval hands the garbage they left back", async () => {
    await serve();
    vi.advanceTimersByTime(QUIET_MS); // requests started in this interval: not quiet yet
    const drop = garbage();
    const held = usedHeap();
    drop();
    vi.advanceTimersByTime(QUIET_MS);
    expect(usedHeap()).toBeLessThan(held - 20 * MB);
  });

  test("a trickle of requests after a burst does not keep the burst's garbage", async () => {
    for (let i = 0; i < 20; i++) await serve();
    vi.advanceTimersByTime(QUIET_MS);
    await serve();
    const drop = garbage();
    const held = usedHeap();
    drop();
    vi.advanceTimersByTime(QUIET_MS);
    expect(usedHeap()).toBeLessThan(held - 20 * MB);
  });

  test("steady traffic is left to V8's own collections", async () => {
    await serve();
    vi.advanceTimersByTime(QUIET_MS);
    await serve();
    const drop = garbage();
    const held = usedHeap();
    drop();
    vi.advanceTimersByTime(QUIET_MS);
    expect(usedHeap()).toBeGreaterThan(held - 10 * MB);
  });

  test("a server that served nothing since its last collection is not collected again", async () => {
    await serve();
    vi.advanceTimersByTime(QUIET_MS);
    vi.advanceTimersByTime(QUIET_MS); // the collection after the request
    const drop = garbage();
    const held = usedHeap();
    drop();
    vi.advanceTimersByTime(QUIET_MS);
    expect(usedHeap()).toBeGreaterThan(held - 10 * MB);
  });
});
