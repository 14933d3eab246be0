import { Agent, request } from "node:http";
import { percentile } from "./measure";

export type LoadResult = {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  failures: Map<number, number>;
};

/**
 * One request a load client sends: a POST of `body` (JSON), or a GET when `method` says so; `done`
 * sees the status and the body (the client's next request may depend on it).
 */
export type LoadRequest = {
  path: string;
  method?: "GET" | "POST";
  headers: Record<string, string>;
  body: string;
  done?: (status: number, body: string) => void;
};

/**
 * Closed-loop load like wrk: `connections` keep-alive connections, each sending its next request as
 * soon as the previous one answered, for `seconds`. `next` hands out the requests (null: none
 * ready, try again shortly). With several bases (app processes), the connections are spread over them.
 */
export async function runLoad(
  name: string,
  base: string | string[],
  next: () => LoadRequest | null,
  { connections = 32, seconds = 10 }: { connections?: number; seconds?: number } = {},
): Promise<LoadResult> {
  const targets = [base].flat().map((b) => ({ url: new URL(b), agent: new Agent({ keepAlive: true, maxSockets: connections }) }));
  const times: number[] = [];
  const failures = new Map<number, number>();
  const ends = performance.now() + seconds * 1000;
  const send = (r: LoadRequest, { url, agent }: (typeof targets)[number]) =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: r.path,
          method: r.method ?? "POST",
          agent,
          headers: r.method === "GET" ? r.headers : { "content-type": "application/json", ...r.headers },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (text += chunk));
          res.on("end", () => {
            times.push(performance.now() - started);
            const status = res.statusCode ?? 0;
            if (status >= 300) failures.set(status, (failures.get(status) ?? 0) + 1);
            r.done?.(status, text);
            resolve();
          });
        },
      );
      req.on("error", reject);
      req.end(r.method === "GET" ? undefined : r.body);
    });
  const client = async (_: unknown, index: number) => {
    const target = targets[index % targets.length]!;
    while (performance.now() < ends) {
      const r = next();
      if (r) await send(r, target);
      else await new Promise((resolve) => setTimeout(resolve, 1));
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, client));
  const elapsed = (performance.now() - started) / 1000;
  for (const { agent } of targets) agent.destroy();
  times.sort((a, b) => a - b);
  return {
    name,
    requests: times.length,
    perSecond: times.length / elapsed,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    failures,
  };
}
