import { db } from "../db/client";
import { purgeDocument } from "../documents/purge-document";
import { apiShortCode } from "../documents/short-code";
import { purgeRoom } from "../rooms/purge-room";
import { TRASH_DAYS, trashCutoff } from "../rules/trash";
import { now } from "../time";

/** Read and purged this many at a time, so a team emptying a large library is never loaded whole. */
const BATCH = 100;

export type Swept = { documents: number; rooms: number };

/**
 * Deletes for good every document and room that has been in the Trash for TRASH_DAYS: rows and
 * files, one purge (and audit entry, by no member) each. Safe beside another sweep or a restore:
 * each purge checks again, in its own transaction, that its target is still due.
 */
export async function sweepTrash(): Promise<Swept> {
  const cutoff = trashCutoff(now());
  const details = { trash_days: TRASH_DAYS };
  const due = { where: { deletedAt: { lte: cutoff } }, orderBy: { deletedAt: "asc" as const }, take: BATCH };
  return {
    documents: await purgeAll(
      () => db.document.findMany({ ...due, select: { teamId: true, code: true } }),
      (doc) => purgeDocument({ teamId: doc.teamId, userId: null }, apiShortCode(doc.code), cutoff, details),
    ),
    rooms: await purgeAll(
      () => db.room.findMany({ ...due, select: { teamId: true, id: true } }),
      (room) => purgeRoom({ teamId: room.teamId, userId: null }, room.id, cutoff, details),
    ),
  };
}

/** Purges what `find` reads, a batch at a time, until a batch comes back short; returns how many it purged. */
async function purgeAll<T>(find: () => Promise<T[]>, purge: (row: T) => Promise<boolean>): Promise<number> {
  let purged = 0;
  for (;;) {
    const batch = await find();
    for (const row of batch) if (await purge(row)) purged++;
    if (batch.length < BATCH) return purged;
  }
}
