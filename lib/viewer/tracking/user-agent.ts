import Bowser from "bowser";

/** What a visit records of its browser: enough for an owner to tell a phone read from a desk read. */
export type UserAgentSummary = {
  deviceType: "desktop" | "phone" | "tablet";
  browser: "Chrome" | "Edge" | "Firefox" | "Safari" | "Opera" | "Samsung Internet" | "Other";
  os: "Windows" | "macOS" | "iOS" | "iPadOS" | "Android" | "Linux" | "ChromeOS" | null;
};

// Bowser (MIT) does the reading; these maps keep the short, closed set of names the dashboard's
// filters and charts group by, so a new browser shows as "Other" instead of a new bucket.
const BROWSERS: Record<string, UserAgentSummary["browser"]> = {
  Chrome: "Chrome",
  Chromium: "Chrome",
  "Microsoft Edge": "Edge",
  Firefox: "Firefox",
  Safari: "Safari",
  Opera: "Opera",
  "Opera Touch": "Opera",
  "Samsung Internet for Android": "Samsung Internet",
};

const OSES: Record<string, NonNullable<UserAgentSummary["os"]>> = {
  Windows: "Windows",
  macOS: "macOS",
  iOS: "iOS",
  Android: "Android",
  Linux: "Linux",
  "Chrome OS": "ChromeOS",
};

const DEVICES: Record<string, UserAgentSummary["deviceType"]> = { mobile: "phone", tablet: "tablet" };

// Readers of one link send the same few headers again and again: remember the most recently used
// answers so a burst of beacons parses each distinct header once.
const recent = new Map<string, Readonly<UserAgentSummary>>();
const RECENT_LIMIT = 500;

function summarize(ua: string): Readonly<UserAgentSummary> {
  const parsed = Bowser.parse(ua);
  const deviceType = DEVICES[parsed.platform.type ?? ""] ?? "desktop";
  const os = OSES[parsed.os.name ?? ""] ?? null;
  return Object.freeze({
    deviceType,
    browser: BROWSERS[parsed.browser.name ?? ""] ?? "Other",
    // Bowser calls an iPad's system iOS; owners know it as iPadOS.
    os: os === "iOS" && deviceType === "tablet" ? "iPadOS" : os,
  });
}

/** Device type, browser and OS from a User-Agent header; an absent header reads as nothing known. */
export function parseUserAgent(ua: string | null | undefined): Readonly<UserAgentSummary> | null {
  if (!ua) return null;
  const known = recent.get(ua);
  if (known) {
    // Moved to the end of the map's order, so the least recently used header is the one dropped.
    recent.delete(ua);
    recent.set(ua, known);
    return known;
  }
  const summary = summarize(ua);
  if (recent.size >= RECENT_LIMIT) recent.delete(recent.keys().next().value!);
  recent.set(ua, summary);
  return summary;
}
