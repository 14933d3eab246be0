import { config } from "../config";
import type { Tx } from "../db/client";
import { changeUnderLock, holdLock, type LockKey } from "../db/locks";
import { storage } from "../storage";

/** The preview file a change points its row at, and the one that row pointed at before. */
export type PreviewChange = { previewStorageKey: string | null; previewPageCount: number; created: string | null; replaced: string | null };

/**
 * One settings change of one row (a document or a link) whose preview file may have to be rebuilt:
 * planned outside the row's lock, written under it only if the row still matches what the plan was
 * made from (`changeUnderLock`), so concurrent changes cannot leave a preview that does not match
 * the stored gate. A replaced file is removed only after the row points at its successor; a new
 * file whose change does not land is removed.
 */
export async function changeWithPreview<Row, Plan extends { preview: PreviewChange | null }, Result>(change: {
  lockKey: LockKey;
  read: (client: Tx) => Promise<Row>;
  plan: (row: Row) => Promise<Plan>;
  /** Whether a plan made from `planned` still holds for `current`. */
  planFits: (planned: Row, current: Row) => boolean;
  write: (tx: Tx, current: Row, plan: Plan) => Promise<Result>;
}): Promise<Result> {
  const { result, plan } = await changeUnderLock({
    lock: (tx) => holdLock(tx, change.lockKey),
    read: change.read,
    plan: change.plan,
    fits: (_plan, planned, current) => change.planFits(planned, current),
    write: change.write,
    discard: (plan) => removeFile(plan.preview?.created),
    // The last attempt plans under the lock: give it the PDF worker's time limit.
    timeoutMs: (config().PDF_WORKER_TIMEOUT_SECONDS + 30) * 1000,
  });
  await removeFile(plan.preview?.replaced);
  return result;
}

async function removeFile(key: string | null | undefined): Promise<void> {
  if (key)
    await storage()
      .delete(key)
      .catch(() => undefined);
}
