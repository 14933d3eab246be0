/** Latency percentiles of sequential requests, measured client-side over keep-alive HTTP. */
export type Measurement = { name: string; p50: number; p95: number; max: number; n: number };

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export async function measure(
  name: string,
  request: () => Promise<Response>,
  { warmup = 10, runs = 100 }: { warmup?: number; runs?: number } = {},
): Promise<Measurement> {
  for (let i = 0; i < warmup; i++) await (await request()).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const response = await request();
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  }
  times.sort((a, b) => a - b);
  return { name, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)!, n: runs };
}

export function printTable(rows: Measurement[], targets: Record<string, number> = {}) {
  const pad = (s: string, n: number) => s.padEnd(n);
  console.log(`\n${pad("request", 58)} ${pad("p50 ms", 8)} ${pad("p95 ms", 8)} ${pad("max ms", 8)} target p95`);
  for (const r of rows) {
    const target = targets[r.name];
    const verdict = target === undefined ? "" : `${target} ms ${r.p95 <= target ? "met" : "NOT met"}`;
    console.log(`${pad(r.name, 58)} ${pad(r.p50.toFixed(1), 8)} ${pad(r.p95.toFixed(1), 8)} ${pad(r.max.toFixed(1), 8)} ${verdict}`);
  }
}
