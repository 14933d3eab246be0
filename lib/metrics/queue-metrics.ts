import { counter, histogram } from "./registry";

/** Counters and timings the queues record as they work; their lengths are gauges taken on scrape. */

export const beaconsAppended = () =>
  counter({ name: "pagewise_beacons_appended_total", help: "Reading beacons appended to the beacon table" });

export const beaconsRolledUp = () =>
  counter({
    name: "pagewise_beacons_rolled_up_total",
    help: "Beacons rolled up into visits and page times, by outcome",
    labelNames: ["outcome"],
  });

export const webhookDeliveries = () =>
  counter({
    name: "pagewise_webhook_delivery_attempts_total",
    help: "Webhook delivery attempts, by outcome (delivered, retrying, failed)",
    labelNames: ["outcome"],
  });

export const pdfJobDuration = () =>
  histogram({
    name: "pagewise_pdf_job_duration_seconds",
    help: "Time a PDF worker job took from taking a worker to its answer, by lane and kind",
    labelNames: ["lane", "kind"],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
  });

/** Declares the metrics before their queues first work, so a scrape lists them from the start. */
export function declareQueueMetrics(): void {
  beaconsAppended();
  beaconsRolledUp();
  webhookDeliveries();
  pdfJobDuration();
}
