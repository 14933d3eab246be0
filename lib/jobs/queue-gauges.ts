import { hotQuery } from "../db/client";
import { gauge } from "../metrics/registry";

/** Counted past this, a backlog reads as this: a scrape stays cheap however far behind the roll-up is. */
const COUNT_CAP = 100_000;

const QUEUES = `
SELECT
  (SELECT count(*) FROM (SELECT 1 FROM beacons LIMIT ${COUNT_CAP}) AS waiting)::int AS beacons,
  (SELECT count(*) FROM (SELECT 1 FROM webhook_deliveries WHERE status = 'pending' LIMIT ${COUNT_CAP}) AS pending)::int AS deliveries,
  (SELECT extract(epoch FROM now() - min(created_at)) FROM webhook_deliveries WHERE status = 'pending')::float8 AS oldest_delivery,
  (SELECT count(*) FROM (SELECT 1 FROM notifications WHERE status = 'pending' LIMIT ${COUNT_CAP}) AS pending)::int AS emails`;

type Queues = { beacons: number; deliveries: number; oldest_delivery: number | null; emails: number };

/**
 * The database's queues, read once per scrape (each count an index walk, capped at COUNT_CAP) and
 * shared by the gauges below, which Prometheus collects one after the other.
 */
let reading: { at: number; queues: Promise<Queues> } | undefined;
function queues(): Promise<Queues> {
  if (!reading || Date.now() - reading.at > 1_000) {
    reading = { at: Date.now(), queues: hotQuery<Queues>("metrics_queues", QUEUES, []).then((rows) => rows[0]!) };
  }
  return reading.queues;
}

export function registerQueueGauges(): void {
  gauge({
    name: "pagewise_beacons_backlog",
    help: `Beacons appended and not yet rolled up (counted up to ${COUNT_CAP})`,
    async collect() {
      this.set((await queues()).beacons);
    },
  });
  gauge({
    name: "pagewise_webhook_deliveries_pending",
    help: `Webhook deliveries waiting for an attempt or a retry (counted up to ${COUNT_CAP})`,
    async collect() {
      this.set((await queues()).deliveries);
    },
  });
  gauge({
    name: "pagewise_webhook_oldest_pending_delivery_age_seconds",
    help: "Age of the oldest pending webhook delivery (0 when none waits)",
    async collect() {
      this.set((await queues()).oldest_delivery ?? 0);
    },
  });
  gauge({
    name: "pagewise_email_queue_length",
    help: `Emails waiting to be sent (counted up to ${COUNT_CAP})`,
    async collect() {
      this.set((await queues()).emails);
    },
  });
}
