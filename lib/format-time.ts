/** A moment as the dashboard shows it, to the minute, in UTC: "2026-11-23 14:05". */
export function utcMinute(value: Date | string): string {
  return (typeof value === "string" ? value : value.toISOString()).slice(0, 16).replace("T", " ");
}
