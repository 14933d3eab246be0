import type { TrackBatch } from "../../schemas/viewer";

/** A batch's pages, one entry per page with its seconds summed, as the ingest statement takes them. */
export type BatchPlan = { pages: number[]; seconds: number[] };

/**
 * Sums a batch's seconds per page (a page may appear more than once). Throws with the first page
 * the reader could not have been shown (`readablePages` ends where the gate or preview stops).
 */
export function planBatch(pages: TrackBatch["pages"], readablePages: number): BatchPlan {
  const perPage = new Map<number, number>();
  for (const { page, seconds } of pages) {
    if (page > readablePages) throw new UnreadablePageError(page, readablePages);
    perPage.set(page, (perPage.get(page) ?? 0) + seconds);
  }
  return { pages: [...perPage.keys()], seconds: [...perPage.values()] };
}

export class UnreadablePageError extends Error {
  constructor(
    readonly page: number,
    readonly readablePages: number,
  ) {
    super(`page ${page} is not readable here (pages 1 to ${readablePages})`);
  }
}
