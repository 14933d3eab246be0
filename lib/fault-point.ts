import { config } from "./config";
import { logger } from "./log/logger";

const log = logger("fault");

/**
 * Crash tests stop the server at a named moment and kill it there: with PAUSE_AT=<name> (never
 * set in production) the request that reaches this point waits forever. Points: upload:received,
 * storage:partial, upload:stored, version:received, version:stored, version:previews,
 * version:pruned (a version change's rows written and its pruned versions' rows deleted, not committed), webhook:sending,
 * beacons:appended (a beacon durable, its answer not sent), beacons:rolled-up (a roll-up applied, not committed).
 */
export async function faultPoint(name: string): Promise<void> {
  if (config().PAUSE_AT !== name) return;
  log.info(`paused at ${name}`);
  await new Promise(() => undefined);
}
