import { hotQuery } from "../db/client";
import { ApiError } from "../errors";
import { BEACONS_CHANNEL, type BeaconRow } from "./beacon-row";
import { beaconsAppended } from "../metrics/queue-metrics";

/** Beacons waiting for their append, past which a beacon is refused with 503 (the tracker sends it again). */
export const BEACON_QUEUE_LIMIT = 2_000;
/** Beacons one statement appends at most. */
export const BEACON_GROUP_LIMIT = 500;
/**
 * Appended beacons the roll-up has not applied yet, past which new ones are refused with 503
 * (about a minute of the roll-up's work): a flood through many addresses cannot grow the table
 * without end, nor delay every owner's figures by more than that.
 */
export const BEACON_BACKLOG_LIMIT = 30_000;
/** While over the backlog limit, one beacon a second still goes through and measures it again. */
const BACKLOG_REMEASURE_MS = 1_000;
const RETRY_AFTER_SECONDS = 1;

const COLUMNS = `received_at timestamptz, document_id uuid, team_id uuid, version int, page_count int, event_document jsonb,
  gate_viewer_id uuid, browser_id text, new_public_id text, new_viewer_key text, new_viewer_limit int,
  window_start timestamptz, window_end timestamptz, batch_id text, visit_key uuid, pages int[], seconds float8[],
  event_ids text[], device_type text, browser text, os text, link_id uuid, event_link jsonb, room_id uuid,
  room_link_id uuid, event_room jsonb`;
const NAMES = COLUMNS.split(",").map((column) => column.trim().split(/\s+/)[0]);
/** One statement and one commit (one disk flush) for a whole group; rows get their seq in the group's order. */
const APPEND = `WITH appended AS (
  INSERT INTO beacons (${NAMES.join(", ")})
  SELECT ${NAMES.join(", ")} FROM jsonb_to_recordset($1::jsonb) AS b(${COLUMNS})
  RETURNING seq
)
SELECT seq::text, (SELECT min(b.seq) FROM beacons b WHERE b.error IS NULL)::text AS oldest,
  pg_notify('${BEACONS_CHANNEL}', '') IS NULL AS notified
FROM appended ORDER BY seq`;

type Waiting = { row: BeaconRow; resolve: (seq: string) => void; reject: (error: unknown) => void };

const busy = () =>
  new ApiError("service_unavailable", "The server is busy recording reading time. Try again in a second.", {
    headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
  });

/**
 * Group commit for beacons: a beacon waits while the previous group's statement is in flight, then
 * goes with every beacon that arrived meanwhile. Each resolves with its seq once its group is
 * durable, so an answer never precedes the append. Bounded twice, each time with an immediate 503
 * and Retry-After: past `queueLimit` beacons waiting here (memory), and past `backlogLimit`
 * beacons appended but not yet rolled up (as each group's statement measures it).
 */
export class BeaconAppender {
  private readonly waiting: Waiting[] = [];
  private flushing = false;
  private backlog = 0;
  private measuredAt = 0;

  constructor(
    private readonly queueLimit = BEACON_QUEUE_LIMIT,
    private readonly groupLimit = BEACON_GROUP_LIMIT,
    private readonly backlogLimit = BEACON_BACKLOG_LIMIT,
  ) {}

  append(row: BeaconRow): Promise<string> {
    if (this.waiting.length >= this.queueLimit) return Promise.reject(busy());
    if (this.backlog > this.backlogLimit && Date.now() - this.measuredAt < BACKLOG_REMEASURE_MS) return Promise.reject(busy());
    const appended = new Promise<string>((resolve, reject) => this.waiting.push({ row, resolve, reject }));
    if (!this.flushing) void this.flush();
    return appended;
  }

  /** Beacons waiting for their append. */
  get queued(): number {
    return this.waiting.length;
  }

  private async flush() {
    this.flushing = true;
    while (this.waiting.length > 0) {
      const group = this.waiting.splice(0, this.groupLimit);
      try {
        const rows = await hotQuery<{ seq: string; oldest: string | null }>("append_beacons", APPEND, [
          JSON.stringify(group.map((w) => w.row)),
        ]);
        const last = rows.at(-1)!;
        this.backlog = Number(last.seq) - Number(last.oldest ?? last.seq);
        this.measuredAt = Date.now();
        beaconsAppended().inc(group.length);
        group.forEach((w, i) => w.resolve(rows[i]!.seq));
      } catch (error) {
        for (const w of group) w.reject(error);
      }
    }
    this.flushing = false;
  }
}

const globalForBeacons = globalThis as unknown as { beaconAppender?: BeaconAppender };

/** Appends one beacon through this process's appender; resolves with its seq once it is durable. */
export function appendBeacon(row: BeaconRow): Promise<string> {
  globalForBeacons.beaconAppender ??= new BeaconAppender();
  return globalForBeacons.beaconAppender.append(row);
}
