/** A moment as the dashboard shows it, to the minute, in UTC: "2026-11-23 14:05". */
export function utcMinute(value: Date | string): string {
  return (typeof value === "string" ? value : value.toISOString()).slice(0, 16).replace("T", " ");
}

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

const formats = new Map<string | undefined, Intl.DateTimeFormat>();

/** The wall clock in a time zone (undefined: the runtime's own, in a browser the reader's). */
function wallClock(at: Date, timeZone: string | undefined): WallClock {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  return { year: part("year"), month: part("month"), day: part("day"), hour: part("hour"), minute: part("minute"), second: part("second") };
}

const asDate = (value: Date | string) => (typeof value === "string" ? new Date(value) : value);
const dayOf = (c: WallClock) => `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;

/** A moment to the minute in a time zone: "2026-11-23 09:05" (undefined zone: the runtime's, in a browser the reader's). */
export function localMinute(value: Date | string, timeZone?: string): string {
  const c = wallClock(asDate(value), timeZone);
  return `${dayOf(c)} ${pad(c.hour)}:${pad(c.minute)}`;
}

/** The day of a moment in a time zone: "2026-11-23". */
export function localDay(value: Date | string, timeZone?: string): string {
  return dayOf(wallClock(asDate(value), timeZone));
}

/** A moment as a `datetime-local` input shows it in a time zone: "2026-11-23T09:05"; "" for none. */
export function localInputValue(iso: string | null, timeZone?: string): string {
  return iso ? localMinute(iso, timeZone).replace(" ", "T") : "";
}

/** How far a zone's wall clock is ahead of UTC at a moment, in ms. */
function zoneOffset(at: number, timeZone: string | undefined): number {
  const c = wallClock(new Date(at), timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(at / 1000) * 1000;
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A `datetime-local` value ("2026-12-31T09:00", a wall clock in the time zone) as the ISO instant
 * it names; null when it is not such a value. A time skipped by a clock change (02:30 on the night
 * clocks go forward) moves forward by the change, and a time that happens twice is the earlier
 * one, as browsers read `new Date("2026-03-08T02:30")`.
 */
export function instantFromLocalInput(value: string, timeZone?: string): string | null {
  const m = LOCAL_INPUT.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0));
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!, second);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day! || hour! > 23 || minute! > 59) return null;
  const guess = wall - zoneOffset(wall, timeZone);
  const offset = zoneOffset(guess, timeZone);
  const instant = zoneOffset(wall - offset, timeZone) === offset ? wall - offset : guess;
  return new Date(instant).toISOString();
}
