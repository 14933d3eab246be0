import pg from "pg";
import { databaseUrl } from "../config";
import { BEACONS_CHANNEL } from "./beacon-row";
import { oldestWaitingBeacon, ROLL_UP_LIMIT, rollUpBeacons, setAsideBeacon } from "./roll-up-beacons";
import { logger } from "../log/logger";

const log = logger("beacons");

/** A roll-up is tried this often even without a notification (one lost with a connection, or another process's roll-up ended). */
const POLL_MS = 500;
/** After a failed round, the next waits this long, so a fault of the moment (a restart, a deploy) is not hammered. */
const AFTER_FAILURE_MS = 1_000;

/**
 * Errors of a beacon's data (invalid values, constraint violations), not of the code, the schema or
 * the moment: applying that beacon again would fail again. Anything else (a missing function during
 * a deploy, a lost connection, a deadlock) leaves the beacon waiting for a later round.
 */
const isDataError = (error: unknown) => {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && /^(22|23)/.test(code);
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Rolls up appended beacons for as long as any are waiting: woken by each append's notification
 * and every POLL_MS. Every process runs one; the database's advisory lock lets one roll up at a
 * time, and any other takes over when it stops or dies (its transaction rolls back, its beacons stay).
 * A round that fails is applied again beacon by beacon, up to one round's worth: a beacon that fails
 * alone for its data is set aside with its error, so one bad beacon cannot hold back the others.
 * Returns a function that stops it.
 */
export function startBeaconRollUp(): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  const oneByOne = async () => {
    for (let i = 0; i < ROLL_UP_LIMIT && !stopped; i++) {
      const oldest = await oldestWaitingBeacon();
      if (!oldest) return;
      try {
        if ((await rollUpBeacons({ limit: 1, only: [oldest.seq] })) === null) return;
      } catch (error) {
        if (!isDataError(error)) throw error;
        log.error({ err: error, seq: oldest.seq }, "setting aside a beacon that cannot be rolled up");
        await setAsideBeacon(oldest.seq, (error as Error).message);
      }
    }
  };

  const drain = async () => {
    while (!stopped) {
      again = false;
      let rolled;
      try {
        rolled = await rollUpBeacons();
      } catch (error) {
        log.error({ err: error }, "roll-up failed, applying one at a time");
        await pause(AFTER_FAILURE_MS);
        await oneByOne();
        continue;
      }
      // Another process is rolling up; the poll tries again.
      if (rolled === null) return;
      if (rolled.length < ROLL_UP_LIMIT && !again) return;
    }
  };

  const round = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch(async (error) => {
        log.error({ err: error }, "roll-up round failed");
        await pause(AFTER_FAILURE_MS);
      })
      .finally(() => {
        running = null;
        // Woken after its last round began: go again rather than wait for the poll.
        if (again) round();
      });
  };

  const timer = setInterval(round, POLL_MS);
  const listener = new pg.Client({ connectionString: databaseUrl() });
  listener.on("notification", round);
  listener.on("error", (error) => log.warn({ err: error }, "listener lost, polling only"));
  void listener
    .connect()
    .then(() => listener.query(`LISTEN ${BEACONS_CHANNEL}`))
    .catch((error) => log.warn({ err: error }, "LISTEN unavailable, polling only"));
  round();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
    await listener.end().catch(() => undefined);
  };
}
