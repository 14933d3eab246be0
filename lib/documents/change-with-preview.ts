import { config } from "../config";
import { db, type Tx } from "../db/client";
import { storage } from "../storage";

/** The preview file a change points its row at, and the one that row pointed at before. */
export type PreviewChange = { previewStorageKey: string | null; previewPageCount: number; created: string | null; replaced: string | null };

/** Plans made outside the lock that went stale this many times in a row: the next is made under it, so a change always lands. */
const PLANS_OUTSIDE_THE_LOCK = 3;

/**
 * One settings change of one row (a document or a link) whose preview file may have to be rebuilt.
 * The plan (a preview built by the PDF worker, a password hash) is made first, holding no
 * connection and no lock; then, under a transaction-scoped advisory lock that serializes the row's
 * changes, the row is read afresh and the plan written only if what it was made from is unchanged,
 * so concurrent changes cannot leave a preview that does not match the stored gate. A stale plan's
 * new file is removed and the change planned again. A replaced file is removed only after the row
 * points at its successor; a new file whose change does not land is removed.
 */
export async function changeWithPreview<Row, Plan extends { preview: PreviewChange | null }, Result>(change: {
  lockKey: string;
  read: (client: Tx) => Promise<Row>;
  plan: (row: Row) => Promise<Plan>;
  /** Whether a plan made from `planned` still holds for `current`. */
  planFits: (planned: Row, current: Row) => boolean;
  write: (tx: Tx, current: Row, plan: Plan) => Promise<Result>;
}): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const planned = attempt <= PLANS_OUTSIDE_THE_LOCK ? await change.read(db) : null;
    let plan = planned === null ? null : await change.plan(planned);
    try {
      const landed = await db.$transaction(
        async (tx) => {
          await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${change.lockKey}, 0))`;
          const current = await change.read(tx);
          if (planned === null) plan = await change.plan(current);
          else if (!change.planFits(planned, current)) return null;
          return { result: await change.write(tx, current, plan!) };
        },
        // The last attempt plans under the lock: give it the PDF worker's time limit.
        { timeout: (config().PDF_WORKER_TIMEOUT_SECONDS + 30) * 1000, maxWait: 30_000 },
      );
      if (landed) {
        await removeFile(plan!.preview?.replaced);
        return landed.result;
      }
      await removeFile(plan!.preview?.created);
    } catch (error) {
      await removeFile(plan?.preview?.created);
      throw error;
    }
  }
}

async function removeFile(key: string | null | undefined): Promise<void> {
  if (key)
    await storage()
      .delete(key)
      .catch(() => undefined);
}
