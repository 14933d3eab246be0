import { describe, expect, it } from "vitest";
import { completionPageCount } from "./completion";

describe("completionPageCount", () => {
  it("is the page count of the version the completion is of, whatever the current one", () => {
    expect(completionPageCount(3, 3 / 7, 12)).toBe(7);
    expect(completionPageCount(5, 1, 12)).toBe(5);
    expect(completionPageCount(997, 997 / 1000, 2)).toBe(1000);
  });

  it("is the current page count when no page was viewed", () => {
    expect(completionPageCount(0, 0, 12)).toBe(12);
  });
});
