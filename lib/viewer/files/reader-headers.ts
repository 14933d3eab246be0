/**
 * Headers the viewer's browser script reads on a refusal, so it can tell one "no" from another.
 * No imports: this module ships in the viewer's script.
 */

/** Names the document's current version on a 410 that refused another one: "updated", not "deleted". */
export const CURRENT_VERSION_HEADER = "X-Pagewise-Current-Version";

/** Set on a page file's 404 when the page cannot be drawn at all: "never", not "not yet". */
export const UNDRAWABLE_PAGE_HEADER = "X-Pagewise-Page-Undrawable";
