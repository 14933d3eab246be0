/** What a visit records of its browser: enough for an owner to tell a phone read from a desk read. */
export type UserAgentSummary = {
  deviceType: "desktop" | "phone" | "tablet";
  browser: "Chrome" | "Edge" | "Firefox" | "Safari" | "Opera" | "Samsung Internet" | "Other";
  os: "Windows" | "macOS" | "iOS" | "iPadOS" | "Android" | "Linux" | "ChromeOS" | null;
};

// First match wins: Chromium-based browsers also say "Chrome/" and "Safari/", so they come first.
const BROWSERS: Array<[RegExp, UserAgentSummary["browser"]]> = [
  [/SamsungBrowser\//, "Samsung Internet"],
  [/\bOPR\/|\bOPT\/|\bOPiOS\/|\bOpera\b/, "Opera"],
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bChrome\/|\bCriOS\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const OSES: Array<[RegExp, NonNullable<UserAgentSummary["os"]>]> = [
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\biPad\b/, "iPadOS"],
  [/\biPhone\b|\biPod\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bMacintosh\b|\bMac OS X\b/, "macOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
];

function deviceType(ua: string): UserAgentSummary["deviceType"] {
  if (/\biPad\b|\bTablet\b/.test(ua)) return "tablet";
  // Android phones say "Mobile"; Android tablets leave it out.
  if (/\bAndroid\b/.test(ua)) return /\bMobile\b/.test(ua) ? "phone" : "tablet";
  if (/\bMobi|\biPhone\b|\biPod\b|\bWindows Phone\b/.test(ua)) return "phone";
  return "desktop";
}

/** Device type, browser and OS from a User-Agent header; an absent header reads as nothing known. */
export function parseUserAgent(ua: string | null | undefined): UserAgentSummary | null {
  if (!ua) return null;
  return {
    deviceType: deviceType(ua),
    browser: BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? "Other",
    os: OSES.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
  };
}
