import { hotQuery, hotTransaction } from "../db/client";
import { faultPoint } from "../fault-point";
import { LEVELS } from "../rules/engagement";
import {
  CLOCK_SLACK_SECONDS,
  FIRST_BATCH_MAX_SECONDS,
  PAGE_VIEWED_SECONDS,
  REVISIT_AFTER_MS,
  VIEWED_DEBOUNCE_MS,
  VISIT_IDLE_MS,
} from "../rules/track-rules";
import { beaconsRolledUp } from "../metrics/queue-metrics";

/** What applying a beacon did (prisma/functions/ingest_track_batch.sql), or `gone` when its document, link or room was deleted first. */
export type BeaconOutcome = "applied" | "repeated" | "capped" | "batch_reused" | "gone";
export type RolledUpBeacon = { seq: string; outcome: BeaconOutcome; visit_id: string | null };

/** Beacons one roll-up transaction applies at most. */
export const ROLL_UP_LIMIT = 1_000;

/** The rules the roll-up applies, from track-rules.ts (their one source). */
const RULES = JSON.stringify({
  visit_idle_seconds: VISIT_IDLE_MS / 1000,
  viewed_debounce_seconds: VIEWED_DEBOUNCE_MS / 1000,
  revisit_after_seconds: REVISIT_AFTER_MS / 1000,
  page_viewed_seconds: PAGE_VIEWED_SECONDS,
  clock_slack_seconds: CLOCK_SLACK_SECONDS,
  first_batch_max_seconds: FIRST_BATCH_MAX_SECONDS,
});
const LABELS = LEVELS.map((level) => level.label);

const ROLL_UP_TIMEOUTS = `SELECT set_config('idle_in_transaction_session_timeout', '30s', true), set_config('statement_timeout', '120s', true)`;
const ROLL_UP = `SELECT seq::text, outcome, visit_id FROM roll_up_beacons($1::int, $2::boolean, $3::jsonb, $4::text[], $5::bigint[])`;

/**
 * One roll-up transaction (prisma/functions/roll_up_beacons.sql): up to `limit` appended beacons,
 * oldest first, applied and deleted, so each is applied exactly once with its events. One runs at a
 * time per database: `null` when another is running and `wait` is false. `only` applies just those
 * beacons (a test applying its own).
 */
export async function rollUpBeacons(options: { limit?: number; wait?: boolean; only?: string[] } = {}): Promise<RolledUpBeacon[] | null> {
  const rows = await hotTransaction(async (query) => {
    // A roll-up whose process stalls or loses its network must not keep the lock (and the rows it
    // locked) until TCP notices: the server ends such a transaction itself.
    await query("roll_up_timeouts", ROLL_UP_TIMEOUTS, []);
    const applied = await query<RolledUpBeacon>("roll_up_beacons", ROLL_UP, [
      options.limit ?? ROLL_UP_LIMIT,
      options.wait ?? false,
      RULES,
      LABELS,
      options.only ?? null,
    ]);
    if (applied.length > 0 && applied[0]!.seq !== "-1") await faultPoint("beacons:rolled-up");
    return applied;
  });
  if (rows[0]?.seq === "-1") return null;
  for (const row of rows) beaconsRolledUp().inc({ outcome: row.outcome });
  return rows;
}

/** Marks a beacon the roll-up cannot apply, so it stops holding back the ones after it; it is kept, with why. */
export async function setAsideBeacon(seq: string, error: string): Promise<void> {
  await hotQuery("set_aside_beacon", "UPDATE beacons SET error = $2 WHERE seq = $1::bigint", [seq, error.slice(0, 2000)]);
}

/** The oldest beacon waiting for the roll-up, if any. */
export async function oldestWaitingBeacon(): Promise<{ seq: string; received_at: Date } | null> {
  const [row] = await hotQuery<{ seq: string; received_at: Date }>(
    "oldest_waiting_beacon",
    "SELECT seq::text, received_at FROM beacons WHERE error IS NULL ORDER BY seq LIMIT 1",
    [],
  );
  return row ?? null;
}
