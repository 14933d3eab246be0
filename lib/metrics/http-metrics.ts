import { counter, histogram } from "./registry";

/** Labels are route templates and status codes only, so their number is bounded by the app's routes. */
const requests = () =>
  counter({
    name: "pagewise_http_requests_total",
    help: "HTTP requests answered, by method, route template and status",
    labelNames: ["method", "route", "status"],
  });

const durations = () =>
  histogram({
    name: "pagewise_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method and route template",
    labelNames: ["method", "route"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  });

export function recordRequest(method: string, route: string, status: number, seconds: number): void {
  requests().inc({ method, route, status: String(status) });
  durations().observe({ method, route }, seconds);
}

/** Declares the metrics before their first request, so a scrape lists them from the start. */
export function declareHttpMetrics(): void {
  requests();
  durations();
}
