/**
 * How long the Trash keeps a deleted document or room before the sweep deletes it for good
 * (lib/trash/sweep-trash.ts). No imports: the Trash page shows the days left from it.
 */

export const TRASH_DAYS = 30;

const DAY_MS = 86_400_000;

/** When something put in the Trash at `deletedAt` is deleted for good. */
export const purgeAt = (deletedAt: Date) => new Date(deletedAt.getTime() + TRASH_DAYS * DAY_MS);

/** The latest deletion the sweep at `at` deletes for good: anything in the Trash since then or before. */
export const trashCutoff = (at: Date) => new Date(at.getTime() - TRASH_DAYS * DAY_MS);

/** Whole days left before the sweep, counting a day begun: 30 just after the deletion, 1 on its last day, 0 once due. */
export const trashDaysLeft = (deletedAt: Date, at: Date) => Math.max(0, Math.ceil((purgeAt(deletedAt).getTime() - at.getTime()) / DAY_MS));
