import type { Server } from "node:http";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * Hands the memory of a burst of requests back once it is over: a full garbage collection when,
 * in one `quietMs` interval, at most a tenth as many requests started as in the busiest interval
 * since the last collection, and the committed heap is over `slackBytes` above the live heap (the
 * least used heap seen since the last collection: V8's own collections get it close). Steady
 * traffic is left to V8's own collections.
 *
 * Why: under 100 concurrent page renders every render's objects outlive several young-generation
 * collections, so V8 promotes them and grows the old generation by hundreds of MB before it
 * collects it. That is all garbage, but V8 collects the old generation only when allocation
 * reaches its limit, and a server that goes quiet after a burst allocates next to nothing: the
 * heap, and the RSS with it, stayed at the burst's peak (536 → 998 MB after 1,000 renders).
 */
export function collectWhenQuiet(server: Server, { quietMs = 5_000, slackBytes = 64 * 1024 * 1024 } = {}) {
  // `gc` on a fresh context only: the app's own global gets nothing new.
  v8.setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  let startedSinceTick = 0;
  let busiest = 0;
  let live = v8.getHeapStatistics().used_heap_size;
  server.on("request", () => startedSinceTick++);
  const tick = () => {
    const heap = v8.getHeapStatistics();
    live = Math.min(live, heap.used_heap_size);
    const started = startedSinceTick;
    startedSinceTick = 0;
    busiest = Math.max(busiest, started);
    if (busiest === 0 || started * 10 > busiest) return;
    if (heap.total_heap_size - live < slackBytes) return;
    // The second collection releases the pages the first one emptied (its sweeping is done by then).
    gc();
    gc();
    busiest = 0;
    live = v8.getHeapStatistics().used_heap_size;
  };
  const timer = setInterval(tick, quietMs).unref();
  server.once("close", () => clearInterval(timer));
}
