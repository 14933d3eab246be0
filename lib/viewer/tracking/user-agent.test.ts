import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseUserAgent } from "./user-agent";

const AGENTS: Array<[string, string, ReturnType<typeof parseUserAgent>]> = [
  [
    "Chrome on Windows",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    { deviceType: "desktop", browser: "Chrome", os: "Windows" },
  ],
  [
    "Edge on Windows",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86",
    { deviceType: "desktop", browser: "Edge", os: "Windows" },
  ],
  [
    "Firefox on Linux",
    "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    { deviceType: "desktop", browser: "Firefox", os: "Linux" },
  ],
  [
    "Safari on macOS",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
    { deviceType: "desktop", browser: "Safari", os: "macOS" },
  ],
  [
    "Opera on macOS",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0",
    { deviceType: "desktop", browser: "Opera", os: "macOS" },
  ],
  [
    "Chrome on ChromeOS",
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    { deviceType: "desktop", browser: "Chrome", os: "ChromeOS" },
  ],
  [
    "Safari on iPhone",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    { deviceType: "phone", browser: "Safari", os: "iOS" },
  ],
  [
    "Chrome on iPhone",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
    { deviceType: "phone", browser: "Chrome", os: "iOS" },
  ],
  [
    "Firefox on iPhone",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15",
    { deviceType: "phone", browser: "Firefox", os: "iOS" },
  ],
  [
    "Safari on iPad",
    "Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.7 Mobile/15E148 Safari/604.1",
    { deviceType: "tablet", browser: "Safari", os: "iPadOS" },
  ],
  [
    "Chrome on an Android phone",
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36",
    { deviceType: "phone", browser: "Chrome", os: "Android" },
  ],
  [
    "Chrome on an Android tablet",
    "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Safari/537.36",
    { deviceType: "tablet", browser: "Chrome", os: "Android" },
  ],
  [
    "Samsung Internet on Android",
    "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
    { deviceType: "phone", browser: "Samsung Internet", os: "Android" },
  ],
  [
    "Edge on Android",
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 EdgA/131.0.2903.87",
    { deviceType: "phone", browser: "Edge", os: "Android" },
  ],
  [
    "Opera Mobile on Android",
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 OPR/86.0.0.0",
    { deviceType: "phone", browser: "Opera", os: "Android" },
  ],
  [
    "Firefox on an Android tablet",
    "Mozilla/5.0 (Android 14; Tablet; rv:133.0) Gecko/133.0 Firefox/133.0",
    { deviceType: "tablet", browser: "Firefox", os: "Android" },
  ],
  [
    "a Chromium-based browser outside the short list as Other",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 YaBrowser/24.10.0.0 Safari/537.36",
    { deviceType: "desktop", browser: "Other", os: "Windows" },
  ],
  ["an unknown client", "curl/8.5.0", { deviceType: "desktop", browser: "Other", os: null }],
];

describe("parseUserAgent", () => {
  it.each(AGENTS)("reads %s", (_name, ua, expected) => {
    expect(parseUserAgent(ua)).toEqual(expected);
  });

  it("knows nothing of a request without a User-Agent", () => {
    expect(parseUserAgent(null)).toBeNull();
    expect(parseUserAgent("")).toBeNull();
  });

  it("reads each distinct header once, and a repeat gets the same answer", () => {
    const ua = "Mozilla/5.0 (X11; Linux x86_64; rv:134.0) Gecko/20100101 Firefox/134.0";
    expect(parseUserAgent(ua)).toBe(parseUserAgent(ua));
  });

  // ua-parser-js moved to AGPL-3.0 in 2.0 (docs/decisions.md, "Reading User-Agent headers"): an
  // upgrade of the parser must not bring a copyleft licence into what self-hosters run.
  it("uses a parser under a permissive licence", () => {
    const manifest = JSON.parse(readFileSync("node_modules/bowser/package.json", "utf8")) as { license: string };
    expect(manifest.license).toBe("MIT");
  });
});
