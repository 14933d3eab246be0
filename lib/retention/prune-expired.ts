import pg from "pg";
import { databaseUrl } from "../config";
import { now } from "../time";
import { BATCH_ID_MEMORY_MS } from "../rules/track-rules";

const DAY_MS = 86_400_000;
/** Rows deleted per statement; each statement commits on its own, so no lock is held for long. */
export const PRUNE_BATCH_SIZE = 5_000;
/** The advisory lock (keyed by this name) that keeps two processes from pruning at once. */
export const RETENTION_LOCK = "pagewise:retention";

export type Pruned = {
  trackBatches: number;
  /** Webhook deliveries, their attempts with them. */
  deliveries: number;
  events: number;
  notifications: number;
  rateLimitWindows: number;
  /** The gate's one-time codes, once expired (a code is never valid again after). */
  emailVerifications: number;
  /** Sign-in sessions past their maximum age (signed out ones are deleted at once). */
  sessions: number;
};

const LABELS: Record<keyof Pruned, string> = {
  trackBatches: "track batches",
  deliveries: "webhook deliveries",
  events: "events",
  notifications: "notifications",
  rateLimitWindows: "rate-limit windows",
  emailVerifications: "email verification codes",
  sessions: "expired sessions",
};

/**
 * Deletes what has outlived its use: track batch ids after BATCH_ID_MEMORY_MS; finished webhook
 * deliveries (with their attempts), then dispatched events no delivery points at, and sent, logged
 * or failed notifications after `retentionDays`; rate-limit windows, the gate's one-time codes and
 * sign-in sessions once expired. Pending deliveries,
 * undispatched events, pending notifications and analytics rows are never touched. Returns what was
 * deleted, or null when another process holds the retention lock (it is pruning already).
 */
export async function pruneExpired(retentionDays: number, batchSize = PRUNE_BATCH_SIZE): Promise<Pruned | null> {
  const at = now();
  const retained = new Date(at.getTime() - retentionDays * DAY_MS);
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked", [
      RETENTION_LOCK,
    ]);
    if (!rows[0]?.locked) return null;
    try {
      const remove = (table: string, where: string, cutoff: Date) => deleteInBatches(client, table, where, cutoff, batchSize);
      return {
        trackBatches: await remove("track_batches", "received_at < $1", new Date(at.getTime() - BATCH_ID_MEMORY_MS)),
        // A redelivered delivery is kept for the whole retention after its last attempt.
        deliveries: await remove(
          "webhook_deliveries",
          "status IN ('succeeded', 'failed', 'cancelled') AND created_at < $1 AND (last_attempt_at IS NULL OR last_attempt_at < $1)",
          retained,
        ),
        // After the deliveries, so an event whose last delivery was just pruned goes in the same run.
        events: await remove(
          "events",
          "created_at < $1 AND dispatched_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = events.id)",
          retained,
        ),
        notifications: await remove("notifications", "status IN ('sent', 'logged', 'failed', 'dropped') AND created_at < $1", retained),
        rateLimitWindows: await remove("rate_limit_windows", "expires_at < $1", at),
        emailVerifications: await remove("email_verifications", "expires_at < $1", at),
        sessions: await remove("sessions", "expires < $1", at),
      };
    } finally {
      // Released explicitly: a closing session frees it too, but not necessarily before end() returns.
      await client.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [RETENTION_LOCK]).catch(() => undefined);
    }
  } finally {
    await client.end();
  }
}

/**
 * Deletes rows matching `where` ($1 = cutoff), at most `batchSize` per statement, until fewer are
 * found. Each batch is picked FOR UPDATE, which checks the condition again on a row changed
 * meanwhile (a failed delivery redelivered) and keeps it from changing until it is deleted, then
 * deleted by physical address, so a statement touches its batch and nothing else.
 */
async function deleteInBatches(client: pg.Client, table: string, where: string, cutoff: Date, batchSize: number): Promise<number> {
  const sql = `DELETE FROM ${table} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${table} WHERE ${where} LIMIT $2 FOR UPDATE))`;
  let deleted = 0;
  for (;;) {
    const { rowCount } = await client.query(sql, [cutoff, batchSize]);
    deleted += rowCount ?? 0;
    if ((rowCount ?? 0) < batchSize) return deleted;
  }
}

/** The log line for a run: what was pruned, or null when nothing was. */
export function describePruned(pruned: Pruned): string | null {
  const parts = (Object.keys(LABELS) as Array<keyof Pruned>)
    .filter((key) => pruned[key] > 0)
    .map((key) => `${LABELS[key]}: ${pruned[key]}`);
  return parts.length > 0 ? `pruned ${parts.join(", ")}` : null;
}
