import { z } from "zod";
import { MAX_PAGES_PER_BATCH, MAX_SECONDS_PER_PAGE } from "../rules/track-rules";

/** The body of a reading beacon, as components/viewer/reading-tracker.ts sends it. */
export const trackBatchSchema = z.strictObject({
  batch_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "batch_id must be 8 to 64 letters, digits, _ or -"),
  visit_id: z.uuid().optional(),
  pages: z
    .array(
      z.strictObject({
        page: z.number().int().min(1),
        seconds: z.number().min(0, "seconds must not be negative").max(MAX_SECONDS_PER_PAGE),
      }),
    )
    .max(MAX_PAGES_PER_BATCH),
});

export type TrackBatch = z.infer<typeof trackBatchSchema>;

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
