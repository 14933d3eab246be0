import { describe, expect, it } from "vitest";
import { clampNotice } from "./version-outcome";

const outcome = { number: 3, page_count: 4, gate_page_clamped: null, links_gate_page_clamped: [] };

describe("clampNotice", () => {
  it("says nothing when no gate moved", () => {
    expect(clampNotice(outcome)).toBeNull();
  });

  it("names the document's gate with the new page count", () => {
    expect(clampNotice({ ...outcome, gate_page_clamped: { from: 6, to: 4 } })).toBe(
      "Version 3 has 4 pages, so the gate moved from page 6 to page 4.",
    );
  });

  it("names each link whose own gate moved", () => {
    expect(
      clampNotice({
        ...outcome,
        number: 2,
        page_count: 1,
        gate_page_clamped: { from: 3, to: 1 },
        links_gate_page_clamped: [
          { name: "Investors", from: 5, to: 1 },
          { name: "Board", from: 2, to: 1 },
        ],
      }),
    ).toBe(
      "Version 2 has 1 page, so the gate moved from page 3 to page 1, the gate of the link “Investors” moved from page 5 to page 1 and the gate of the link “Board” moved from page 2 to page 1.",
    );
  });
});
