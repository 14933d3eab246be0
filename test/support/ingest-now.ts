import { rollUpBeacons } from "../../lib/beacons/roll-up-beacons";
import { ApiError } from "../../lib/errors";
import { ingestBatch } from "../../lib/viewer/tracking/ingest-batch";

/**
 * A beacon as the reader's browser sends it, then rolled up at once, as the app's roll-up would a
 * moment later: for tests of what a batch records. Answers with the visit the batch went to (null
 * past the new-readers cap) and whether it was applied (false for a batch id already applied).
 * Rolls up only this beacon, so test files sharing the database do not apply each other's.
 */
export async function ingestNow(...args: Parameters<typeof ingestBatch>) {
  const appended = await ingestBatch(...args);
  const rolled = await rollUpBeacons({ wait: true, only: [appended.seq] });
  const mine = rolled?.find((r) => r.seq === appended.seq);
  if (!mine) throw new Error(`beacon ${appended.seq} was rolled up elsewhere`);
  if (mine.outcome === "batch_reused") throw new ApiError("validation_error", "batch_id was already used");
  return {
    visit_id: mine.outcome === "capped" || mine.outcome === "gone" ? null : mine.visit_id,
    applied: mine.outcome === "applied",
    version: appended.version,
  };
}
