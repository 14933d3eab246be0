import { retriedTask } from "../retried-task";
import pg from "pg";
import { config, databaseUrl } from "../config";
import { db } from "../db/client";
import { backfillPageTexts } from "../documents/backfill-page-texts";
import { startPageImageRenderer } from "../documents/render-page-images";
import { composeDueDigests } from "../email/compose-due-digests";
import { sendDueNotifications } from "../email/send-due-notifications";
import { describePruned, pruneExpired } from "../retention/prune-expired";
import { sweepOrphanedObjects } from "../storage/sweep-orphans";
import { now } from "../time";
import { sweepTrash } from "../trash/sweep-trash";
import { attemptDelivery } from "../webhooks/attempt-delivery";
import { dispatchPendingEvents } from "./dispatch-events";
import { handOffToInngest } from "./hand-off-to-inngest";
import { EVENTS_CHANNEL } from "../events/record-event";
import { startBeaconRollUp } from "../beacons/roll-up-worker";
import { logger } from "../log/logger";

const log = logger("jobs");

/** A claimed delivery is leased this long; if the process dies mid-attempt, another takes it after. */
const LEASE_MS = 2 * 60_000;
const POLL_MS = 1_000;
const CONCURRENCY = 16;
/** Stored files without a committed row are looked for at start and this often. */
const SWEEP_MS = 15 * 60_000;
/** A sweep that failed (the database busy or not reachable yet, as at a start after a crash) is tried again this soon. */
const SWEEP_RETRY_MS = 10_000;
/** A backfill batch that failed is tried again this soon. */
const BACKFILL_RETRY_MS = 10_000;
/** Rows past their retention are pruned, and the Trash swept, at start and this often. */
const PRUNE_MS = 60 * 60_000;

/** Claims due deliveries for this process (FOR UPDATE SKIP LOCKED), safe with several processes. */
async function claimDueDeliveries(limit: number): Promise<string[]> {
  const at = now();
  const rows = await db.$queryRaw<Array<{ id: string }>>`
    UPDATE webhook_deliveries SET next_attempt_at = ${new Date(at.getTime() + LEASE_MS)}
    WHERE id IN (
      SELECT id FROM webhook_deliveries
      WHERE status = 'pending' AND is_test = false AND handed_off_at IS NULL AND next_attempt_at <= ${at}
      ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
    ) RETURNING id`;
  return rows.map((r) => r.id);
}

/**
 * One round of the in-process runner: events → deliveries and digest news; due deliveries
 * attempted (or handed to Inngest when it is configured); due digests composed; due emails sent.
 * Returns what it did.
 */
export async function runOnce(): Promise<{ dispatched: number; attempted: number; digests: number; notified: number }> {
  const created = await dispatchPendingEvents();
  let attempted = 0;
  if (config().inngestEnabled) {
    await handOffToInngest();
  } else {
    for (;;) {
      const claimed = await claimDueDeliveries(CONCURRENCY);
      if (claimed.length === 0) break;
      await Promise.all(claimed.map((id) => attemptDelivery(id)));
      attempted += claimed.length;
    }
  }
  const digests = await composeDueDigests();
  const notified = await sendDueNotifications();
  return { dispatched: created.length, attempted, digests, notified };
}

/**
 * Runs rounds every second, and at once when an event is committed anywhere (LISTEN/NOTIFY), so a
 * delivery goes out within milliseconds. At start and then periodically it also removes orphaned
 * stored files (every 15 minutes), prunes rows past their retention and empties the Trash of what
 * has been there 30 days (hourly); and it starts
 * rendering page images (unfinished documents first, then each upload), fills the search index of
 * pages drawn before it existed (batch after batch until none is left), and rolls up reading
 * beacons (lib/beacons/roll-up-worker.ts). Returns a function that stops it.
 */
export function startRunner(): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> | null = null;
  let again = false;
  const round = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runOnce()
      .catch((error) => log.error({ err: error }, "webhook runner round failed"))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          round();
        }
      });
  };
  const timer = setInterval(round, POLL_MS);
  const sweep = retriedTask(
    () =>
      sweepOrphanedObjects(config().ORPHAN_GRACE_MINUTES * 60_000).then(
        (removed) => removed.length && log.info({ removed }, `removed ${removed.length} orphaned file(s)`),
      ),
    {
      retryMs: SWEEP_RETRY_MS,
      onFailure: (error) => log.error({ err: error }, `orphan sweep failed, trying again in ${SWEEP_RETRY_MS / 1000} s`),
    },
  );
  const sweeper = setInterval(sweep.run, SWEEP_MS);
  sweep.run();
  let pruning: Promise<void> | null = null;
  const prune = () => {
    pruning ??= pruneExpired(config().RETENTION_DAYS)
      .then((pruned) => {
        const line = pruned && describePruned(pruned);
        if (line) log.info(`retention: ${line}`);
      })
      .catch((error) => log.error({ err: error }, "retention pruning failed"))
      .then(() => sweepTrash())
      .then((swept) => {
        if (swept.documents || swept.rooms)
          log.info(swept, `trash: deleted for good ${swept.documents} document(s), ${swept.rooms} room(s)`);
      })
      .catch((error) => log.error({ err: error }, "the trash sweep failed"))
      .finally(() => {
        pruning = null;
      });
  };
  const pruner = setInterval(prune, PRUNE_MS);
  prune();
  const listener = new pg.Client({ connectionString: databaseUrl() });
  listener.on("notification", round);
  listener.on("error", (error) => log.warn({ err: error }, "webhook event listener lost"));
  void listener
    .connect()
    .then(() => listener.query(`LISTEN ${EVENTS_CHANNEL}`))
    .catch((error) => log.warn({ err: error }, "webhook LISTEN unavailable, polling only"));
  round();
  // Page images unfinished at the last stop (or from before they existed) are rendered first.
  const stopRendering = startPageImageRenderer();
  const stopRollUp = startBeaconRollUp();
  const backfill = retriedTask(
    async () => {
      let filled = 0;
      for (let batch = await backfillPageTexts(); batch > 0 && !stopped; batch = await backfillPageTexts()) filled += batch;
      if (filled) console.log(`[search] indexed the pages of ${filled} document(s) drawn before the index`);
    },
    {
      retryMs: BACKFILL_RETRY_MS,
      onFailure: (error) => console.error(`[search] backfill failed, trying again in ${BACKFILL_RETRY_MS / 1000} s:`, error),
    },
  );
  backfill.run();
  return async () => {
    stopped = true;
    backfill.stop();
    await Promise.all([stopRendering(), stopRollUp()]);
    clearInterval(timer);
    clearInterval(sweeper);
    sweep.stop();
    clearInterval(pruner);
    await Promise.all([running, pruning]);
    await listener.end().catch(() => undefined);
  };
}
