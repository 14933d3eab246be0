import { db, type Tx } from "./client";

/** A lock's name, made only by `lockKeys`: two places that serialize the same thing use one spelling. */
export type LockKey = string & { readonly lockKey: unique symbol };

const key = (name: string) => name as LockKey;

/**
 * What the transaction-scoped advisory locks serialize, one name each. PostgreSQL hashes the name
 * (hashtextextended), so a lock needs no row and no table of its own.
 */
export const lockKeys = {
  /** A document's settings and previews, and what hangs on them: its links' creation, its versions. */
  documentSettings: (documentId: string) => key(`document-settings:${documentId}`),
  /** One link's own settings and preview. */
  linkSettings: (linkId: string) => key(`link-settings:${linkId}`),
  /** An owner's open direct-upload slots, counted and taken one request at a time. */
  pendingUploads: (ownerId: string) => key(`pending-uploads:${ownerId}`),
  /** One email's pass of a document's gate (taken before the browser's, always). */
  gateEmail: (documentId: string, email: string) => key(`gate:${documentId}:email:${email}`),
  /** One browser's pass of a document's gate. */
  gateBrowser: (documentId: string, browserId: string) => key(`gate:${documentId}:browser:${browserId}`),
};

/** Holds `lock` until the transaction ends; a second holder waits. */
export async function holdLock(tx: Tx, lock: LockKey): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${lock}, 0))`;
}

/** Plans made outside the lock that went stale this many times in a row: the next is made under it, so a change always lands. */
const PLANS_OUTSIDE_THE_LOCK = 3;

/**
 * A change whose plan is slow (a preview built by the PDF worker, a password hash): it is made
 * first, holding no connection and no lock; then, in a transaction under the change's locks, the
 * rows are read afresh and the plan written only if it still fits them. A stale plan is discarded
 * and the change planned again; after a few stale plans in a row the next is made under the locks,
 * so a busy row cannot starve a change. A plan that does not land (stale, refused, failed) is
 * discarded; one that lands is returned with the result, for the caller's after-commit clean-up.
 */
export async function changeUnderLock<Rows, Plan, Result>(change: {
  /** Takes the locks that serialize the change. */
  lock: (tx: Tx) => Promise<void>;
  read: (client: Tx) => Promise<Rows>;
  /** Refuses the change (throws) for the rows as read under the locks. */
  verify?: (tx: Tx, current: Rows) => Promise<void>;
  plan: (rows: Rows) => Promise<Plan>;
  /** Whether `plan`, made from `planned`, still holds for `current`. */
  fits: (plan: Plan, planned: Rows, current: Rows) => boolean;
  write: (tx: Tx, current: Rows, plan: Plan) => Promise<Result>;
  /** Undoes what a plan made that will not be used (its new files). */
  discard: (plan: Plan) => Promise<void>;
  /** Runs before each transaction, its plan made (crash tests stop the process here). */
  beforeTransaction?: () => Promise<void>;
  /** The transaction's time limit: the last attempt plans under the locks. */
  timeoutMs: number;
}): Promise<{ result: Result; plan: Plan }> {
  for (let attempt = 1; ; attempt++) {
    const planned = attempt <= PLANS_OUTSIDE_THE_LOCK ? await change.read(db) : null;
    let plan = planned === null ? null : await change.plan(planned);
    await change.beforeTransaction?.();
    try {
      const landed = await db.$transaction(
        async (tx) => {
          await change.lock(tx);
          const current = await change.read(tx);
          await change.verify?.(tx, current);
          if (planned === null) plan = await change.plan(current);
          else if (!change.fits(plan!, planned, current)) return null;
          return { result: await change.write(tx, current, plan!) };
        },
        { timeout: change.timeoutMs, maxWait: 30_000 },
      );
      if (landed) return { result: landed.result, plan: plan! };
      await change.discard(plan!);
    } catch (error) {
      if (plan !== null) await change.discard(plan);
      throw error;
    }
  }
}
