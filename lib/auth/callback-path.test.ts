import { describe, expect, it } from "vitest";
import { safeCallbackPath, signInPath } from "./callback-path";

describe("safeCallbackPath", () => {
  it("keeps a path on this site with its query and fragment", () => {
    expect(safeCallbackPath("/documents/abc123?period=7d")).toBe("/documents/abc123?period=7d");
    expect(safeCallbackPath("/settings/webhook#history")).toBe("/settings/webhook#history");
  });

  it("refuses anything that could lead to another site", () => {
    for (const raw of [
      "//evil.example/x",
      "/\\evil.example",
      "https://evil.example/",
      "http:/evil.example",
      "javascript:alert(1)",
      "/\t/evil.example",
      "documents",
      "",
    ]) {
      expect(safeCallbackPath(raw), raw).toBeUndefined();
    }
  });

  it("refuses what is not a string, and overlong paths", () => {
    expect(safeCallbackPath(undefined)).toBeUndefined();
    expect(safeCallbackPath(["/documents"])).toBeUndefined();
    expect(safeCallbackPath(`/${"a".repeat(2000)}`)).toBeUndefined();
  });

  it("normalises dot segments without leaving the site", () => {
    expect(safeCallbackPath("/../../documents")).toBe("/documents");
  });
});

describe("signInPath", () => {
  it("carries a safe return path, encoded, and drops an unsafe one", () => {
    expect(signInPath("/documents/abc?period=7d")).toBe("/sign-in?callbackUrl=%2Fdocuments%2Fabc%3Fperiod%3D7d");
    expect(signInPath("//evil.example")).toBe("/sign-in");
    expect(signInPath(null)).toBe("/sign-in");
  });
});
