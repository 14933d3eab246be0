import { describe, expect, it } from "vitest";
import { utcMinute } from "./format-time";

describe("utcMinute", () => {
  it("shows a date or an ISO string to the minute in UTC", () => {
    expect(utcMinute(new Date("2026-11-23T14:05:59.999Z"))).toBe("2026-11-23 14:05");
    expect(utcMinute("2026-01-02T03:04:05.000Z")).toBe("2026-01-02 03:04");
  });
});
