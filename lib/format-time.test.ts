import { describe, expect, it } from "vitest";
import { instantFromLocalInput, localDay, localInputValue, localMinute, utcMinute } from "./format-time";

describe("utcMinute", () => {
  it("shows a date or an ISO string to the minute in UTC", () => {
    expect(utcMinute(new Date("2026-11-23T14:05:59.999Z"))).toBe("2026-11-23 14:05");
    expect(utcMinute("2026-01-02T03:04:05.000Z")).toBe("2026-01-02 03:04");
  });
});

describe("localMinute and localDay", () => {
  it("show a moment on the wall clock of the reader's time zone, the day included", () => {
    expect(localMinute("2026-01-15T03:30:00.000Z", "America/New_York")).toBe("2026-01-14 22:30");
    expect(localDay("2026-01-15T03:30:00.000Z", "America/New_York")).toBe("2026-01-14");
    expect(localMinute(new Date("2026-01-15T03:30:00.000Z"), "Asia/Kolkata")).toBe("2026-01-15 09:00");
    expect(localMinute("2026-07-01T00:00:00.000Z", "UTC")).toBe("2026-07-01 00:00");
  });

  it("follow summer time: New York is 4 hours behind UTC in July, 5 in January", () => {
    expect(localMinute("2026-07-01T13:00:00.000Z", "America/New_York")).toBe("2026-07-01 09:00");
    expect(localMinute("2026-01-01T14:00:00.000Z", "America/New_York")).toBe("2026-01-01 09:00");
  });

  it("write midnight as 00:00, not 24:00", () => {
    expect(localMinute("2026-03-02T05:00:00.000Z", "America/New_York")).toBe("2026-03-02 00:00");
  });
});

describe("the expiry input in local time", () => {
  it("reads a datetime-local value as the wall clock of the time zone", () => {
    expect(instantFromLocalInput("2030-12-31T09:00", "America/New_York")).toBe("2030-12-31T14:00:00.000Z");
    expect(instantFromLocalInput("2030-07-01T09:00", "America/New_York")).toBe("2030-07-01T13:00:00.000Z");
    expect(instantFromLocalInput("2030-07-01T09:00", "Asia/Kolkata")).toBe("2030-07-01T03:30:00.000Z");
    expect(instantFromLocalInput("2030-07-01T09:00:30", "UTC")).toBe("2030-07-01T09:00:30.000Z");
  });

  it("shows a stored instant back as the same wall clock it was entered as", () => {
    for (const zone of ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "UTC"]) {
      const instant = instantFromLocalInput("2030-03-15T18:45", zone)!;
      expect(localInputValue(instant, zone)).toBe("2030-03-15T18:45");
    }
    expect(localInputValue(null)).toBe("");
  });

  it("moves a time skipped by the spring clock change forward, and takes the first of a time that happens twice", () => {
    // 2030-03-10 02:30 does not exist in New York (02:00 EST → 03:00 EDT): it is 03:30 EDT.
    expect(instantFromLocalInput("2030-03-10T02:30", "America/New_York")).toBe("2030-03-10T07:30:00.000Z");
    // 2030-11-03 01:30 happens in EDT and again in EST: the earlier, EDT.
    expect(instantFromLocalInput("2030-11-03T01:30", "America/New_York")).toBe("2030-11-03T05:30:00.000Z");
  });

  it("refuses what is not a date and time on the wall clock", () => {
    for (const value of ["", "tomorrow", "2030-02-30T09:00", "2030-01-01T24:00", "2030-01-01 09:00Z", "2030-01-01T09:60"]) {
      expect(instantFromLocalInput(value, "UTC"), value).toBeNull();
    }
  });
});
