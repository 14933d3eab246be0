import { describe, expect, it } from "vitest";
import { gateNotice } from "./version-outcome";

const outcome = {
  number: 3,
  page_count: 4,
  gate_page_clamped: null,
  links_gate_page_clamped: [],
  gate_page_restored: null,
  links_gate_page_restored: [],
};

describe("gateNotice", () => {
  it("says nothing when no gate moved", () => {
    expect(gateNotice(outcome)).toBeNull();
  });

  it("names the document's gate with the new page count, and the page it returns to", () => {
    expect(gateNotice({ ...outcome, gate_page_clamped: { from: 6, to: 4, chosen: 6 } })).toBe(
      "Version 3 has 4 pages, so the gate moved from page 6 to page 4. The gate returns to page 6 when a version with 6 pages or more is current.",
    );
  });

  it("names each link whose own gate moved", () => {
    expect(
      gateNotice({
        ...outcome,
        number: 2,
        page_count: 1,
        gate_page_clamped: { from: 3, to: 1, chosen: 3 },
        links_gate_page_clamped: [
          { name: "Investors", from: 5, to: 1, chosen: 5 },
          { name: "Board", from: 2, to: 1, chosen: 2 },
        ],
      }),
    ).toBe(
      "Version 2 has 1 page, so the gate moved from page 3 to page 1, the gate of the link “Investors” moved from page 5 to page 1 and the gate of the link “Board” moved from page 2 to page 1. Each returns to the page chosen for it when a version long enough is current.",
    );
  });

  it("says a gate is back on its chosen page, or how far back it came while it still waits", () => {
    expect(
      gateNotice({
        ...outcome,
        number: 1,
        page_count: 12,
        gate_page_restored: { from: 1, to: 2, chosen: 2 },
        links_gate_page_restored: [{ name: "Investors", from: 1, to: 7, chosen: 7 }],
      }),
    ).toBe("Version 1 has 12 pages, so the gate is back on page 2 and the gate of the link “Investors” is back on page 7.");
    expect(
      gateNotice({ ...outcome, number: 4, page_count: 8, links_gate_page_restored: [{ name: "Board", from: 4, to: 8, chosen: 12 }] }),
    ).toBe(
      "Version 4 has 8 pages, so the gate of the link “Board” moved from page 4 to page 8. The gate of the link “Board” returns to page 12 when a version with 12 pages or more is current.",
    );
  });
});
