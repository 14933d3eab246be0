/**
 * The one clock of the app. Tests move it (debounce windows, revisits after 24 h, retry schedules)
 * with setClockOffset instead of waiting.
 */
let offsetMs = 0;

export const now = () => new Date(Date.now() + offsetMs);

export function setClockOffset(ms: number) {
  offsetMs = ms;
}
