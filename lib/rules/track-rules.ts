/**
 * The timing rules of reading beacons (docs/contract-decisions.md), shared by the reader's tracker
 * (components/viewer/tracking/reading-tracker.ts) and the ingest, so the two cannot drift. No imports: the
 * tracker ships to the browser.
 */

/** The tracker counts no time once the reader did nothing for this long. */
export const IDLE_AFTER_MS = 60_000;
/** The tracker sends a batch this often while the reader reads. */
export const FLUSH_EVERY_MS = 10_000;
/** The visit starts once a page has been in view this long. */
export const VISIT_STARTS_AFTER_SECONDS = 1;

/** Activity of the same viewer within this long continues the same visit. */
export const VISIT_IDLE_MS = 30 * 60_000;
export const VIEWED_DEBOUNCE_MS = 30 * 60_000;
export const REVISIT_AFTER_MS = 24 * 3_600_000;
/** A page counts as viewed once it was in view this long. */
export const PAGE_VIEWED_SECONDS = 1;
/**
 * Time a batch may claim beyond the wall-clock since the visit's last batch (network jitter); a
 * visit as a whole never claims more than its wall-clock duration, FIRST_BATCH_MAX_SECONDS and
 * this once.
 */
export const CLOCK_SLACK_SECONDS = 2;
/** The first batch of a visit may carry at most one flush interval and some slack. */
export const FIRST_BATCH_MAX_SECONDS = FLUSH_EVERY_MS / 1000 + 5;
/** Batch ids are remembered this long (then pruned): a resend within it is acknowledged, not applied again. */
export const BATCH_ID_MEMORY_MS = 7 * 24 * 3_600_000;
/** Pages one batch may carry, and seconds one page of it may claim. */
export const MAX_PAGES_PER_BATCH = 500;
export const MAX_SECONDS_PER_PAGE = 3600;
