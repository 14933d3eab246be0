import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "../config";
import { metricsResponse } from "./metrics-response";
import { observedRequests } from "./observed-requests";

const TOKEN = "a-metrics-token-of-some-length";

async function scrape(authorization?: string): Promise<Response> {
  const headers: Record<string, string> = authorization ? { authorization } : {};
  return metricsResponse(new Request("http://localhost/metrics", { headers }), "request-id");
}

function withToken(token: string | undefined) {
  if (token === undefined) delete process.env.METRICS_TOKEN;
  else process.env.METRICS_TOKEN = token;
  reloadConfig();
}

afterEach(() => withToken(undefined));

describe("GET /metrics", () => {
  it("does not exist while METRICS_TOKEN is unset", async () => {
    withToken(undefined);
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe("not_found");
  });

  it("refuses a missing or wrong token with 401 in the error envelope", async () => {
    withToken(TOKEN);
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, "Basic abc"]) {
      const response = await scrape(authorization);
      expect(response.status).toBe(401);
      expect((await response.json()).error.code).toBe("unauthorized");
    }
  });

  it("serves every metric in Prometheus's text format to the token's holder", async () => {
    withToken(TOKEN);
    // The PDF lanes and the database pool declare their gauges as their modules load.
    await import("../pdf/run-pdf-job");
    await import("../db/client");
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    for (const name of [
      "pagewise_http_requests_total",
      "pagewise_http_request_duration_seconds",
      "pagewise_beacons_appended_total",
      "pagewise_beacons_rolled_up_total",
      "pagewise_beacons_backlog",
      "pagewise_webhook_delivery_attempts_total",
      "pagewise_webhook_deliveries_pending",
      "pagewise_webhook_oldest_pending_delivery_age_seconds",
      "pagewise_pdf_jobs",
      "pagewise_pdf_job_duration_seconds",
      "pagewise_email_queue_length",
      "pagewise_db_pool_connections",
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    expect(text).toMatch(/^pagewise_beacons_backlog \d+$/m);
    expect(text).toMatch(/^pagewise_pdf_jobs\{lane="public",state="waiting"\} 0$/m);
    expect(text).toMatch(/^pagewise_db_pool_connections\{state="idle"\} \d+$/m);
  });
});

describe("request metrics", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const serve = observedRequests(["/s/[code]", "/s/[code]/pages/[n]", "/documents"], (_req, res) => res.writeHead(404).end());
    server = createServer(serve);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("labels requests by route template, so 50 share codes and 50 stray paths add two series, not 100", async () => {
    withToken(TOKEN);
    const before = await scrape(`Bearer ${TOKEN}`).then((r) => r.text());
    for (let i = 0; i < 50; i++) {
      await fetch(`${base}/s/code${i}xyz/pages/${i}`);
      await fetch(`${base}/probe-${i}/wp-admin.php?x=${i}`);
    }
    const text = await scrape(`Bearer ${TOKEN}`).then((r) => r.text());
    const series = (body: string) => body.split("\n").filter((line) => line.startsWith("pagewise_http_requests_total{"));
    const added = series(text).filter((line) => !series(before).some((old) => old.split(" ")[0] === line.split(" ")[0]));
    expect(added.map((line) => line.split(" ")[0]).sort()).toEqual([
      'pagewise_http_requests_total{method="GET",route="(unmatched)",status="404"}',
      'pagewise_http_requests_total{method="GET",route="/s/[code]/pages/[n]",status="404"}',
    ]);
    expect(text).not.toContain("code7xyz");
    expect(text).not.toContain("probe-");
  });
});
