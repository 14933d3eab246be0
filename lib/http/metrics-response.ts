import { createHash, timingSafeEqual } from "node:crypto";
import { config } from "../config";
import { ApiError } from "../errors";
import { registerQueueGauges } from "../jobs/queue-gauges";
import { declareHttpMetrics } from "../metrics/http-metrics";
import { declareQueueMetrics } from "../metrics/queue-metrics";
import { metricsRegistry } from "../metrics/registry";
import { errorResponse } from "./respond";

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Compared as digests, so neither the time taken nor the lengths say how much of a guess was right. */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * What `GET /metrics` answers: 404 while METRICS_TOKEN is unset (the endpoint does not exist), 401
 * without that token as a bearer, else the registry in Prometheus's text format.
 */
export async function metricsResponse(req: Request, requestId: string): Promise<Response> {
  const headers = { "Cache-Control": "no-store", "X-Request-Id": requestId };
  const expected = config().METRICS_TOKEN;
  if (!expected) return errorResponse(new ApiError("not_found", "Not found"), requestId, headers);
  const given = BEARER.exec(req.headers.get("authorization") ?? "")?.[1];
  if (!given || !sameToken(given, expected)) {
    return errorResponse(
      new ApiError("unauthorized", "A valid metrics token is required (Authorization: Bearer <METRICS_TOKEN>)"),
      requestId,
      {
        ...headers,
        "WWW-Authenticate": 'Bearer realm="metrics"',
      },
    );
  }
  declareHttpMetrics();
  declareQueueMetrics();
  registerQueueGauges();
  const registry = metricsRegistry();
  return new Response(await registry.metrics(), { headers: { ...headers, "Content-Type": registry.contentType } });
}
