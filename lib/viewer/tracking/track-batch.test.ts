import { describe, expect, it } from "vitest";
import { trackBatchSchema } from "../../schemas/viewer";
import { planBatch, UnreadablePageError } from "./track-batch";
import { MAX_PAGES_PER_BATCH } from "../../rules/track-rules";

describe("planBatch", () => {
  it("sums the seconds of a page that appears more than once, keeping the pages in first-seen order", () => {
    const plan = planBatch(
      [
        { page: 2, seconds: 1.5 },
        { page: 1, seconds: 3 },
        { page: 2, seconds: 2.25 },
      ],
      4,
    );
    expect(plan).toEqual({ pages: [2, 1], seconds: [3.75, 3] });
  });

  it("plans nothing for a batch without pages", () => {
    expect(planBatch([], 4)).toEqual({ pages: [], seconds: [] });
  });

  it("refuses the first page beyond the readable ones", () => {
    const plan = () =>
      planBatch(
        [
          { page: 3, seconds: 1 },
          { page: 5, seconds: 1 },
        ],
        3,
      );
    expect(plan).toThrow(UnreadablePageError);
    expect(plan).toThrow("page 5 is not readable here (pages 1 to 3)");
  });
});

describe("trackBatchSchema", () => {
  it("accepts what the reader's tracker sends", () => {
    const batch = { batch_id: "abcdef0123456789", visit_id: "7d1c8f0e-2b7a-4a5e-9c1d-3f2e1a0b9c8d", pages: [{ page: 1, seconds: 9.87 }] };
    expect(trackBatchSchema.parse(batch)).toEqual(batch);
  });

  it.each([
    ["a short batch id", { batch_id: "short", pages: [] }],
    ["negative seconds", { batch_id: "abcdef0123456789", pages: [{ page: 1, seconds: -1 }] }],
    ["page 0", { batch_id: "abcdef0123456789", pages: [{ page: 0, seconds: 1 }] }],
    ["an unknown field", { batch_id: "abcdef0123456789", pages: [], extra: 1 }],
    [
      "too many pages",
      { batch_id: "abcdef0123456789", pages: Array.from({ length: MAX_PAGES_PER_BATCH + 1 }, () => ({ page: 1, seconds: 0 })) },
    ],
  ])("refuses %s", (_name, batch) => {
    expect(trackBatchSchema.safeParse(batch).success).toBe(false);
  });
});
