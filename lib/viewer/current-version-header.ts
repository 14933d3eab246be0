/**
 * Names the document's current version on a 410 that refused another one: how the viewer tells
 * "updated" from "deleted". No imports: the viewer's browser script reads it.
 */
export const CURRENT_VERSION_HEADER = "X-Pagewise-Current-Version";
