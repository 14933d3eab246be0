import { describe, expect, it } from "vitest";
import { gateForVersion, gateMove } from "./version-gate";

describe("gateForVersion", () => {
  it("stands on the chosen page when the version has it", () => {
    expect(gateForVersion(2, 12)).toEqual({ page: 2, waitingFor: null });
    expect(gateForVersion(12, 12)).toEqual({ page: 12, waitingFor: null });
  });

  it("stands on a shorter version's last page and remembers the chosen one", () => {
    expect(gateForVersion(2, 1)).toEqual({ page: 1, waitingFor: 2 });
  });
});

describe("gateMove", () => {
  it("is null when the gate stays", () => {
    expect(gateMove(2, gateForVersion(2, 12))).toBeNull();
  });

  it("reports a clamp and a return with the chosen page", () => {
    expect(gateMove(6, gateForVersion(6, 4))).toEqual({ from: 6, to: 4, chosen: 6 });
    expect(gateMove(4, gateForVersion(6, 8))).toEqual({ from: 4, to: 6, chosen: 6 });
    expect(gateMove(4, gateForVersion(12, 8))).toEqual({ from: 4, to: 8, chosen: 12 });
  });
});
