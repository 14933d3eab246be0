import { describe, expect, it } from "vitest";
import { ApiError } from "../../errors";
import { CURRENT_VERSION_HEADER } from "./reader-headers";
import { requireShownVersion } from "./shown-version";

describe("requireShownVersion", () => {
  it("serves the version the viewer shows, and the current one to a request naming none", () => {
    expect(() => requireShownVersion({ version: 2 }, "2")).not.toThrow();
    expect(() => requireShownVersion({ version: 2 }, null)).not.toThrow();
  });

  it("refuses another version with a 410 naming the current one, kept by no cache", () => {
    let refusal: unknown;
    try {
      requireShownVersion({ version: 3 }, "2");
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({
      status: 410,
      message: "This document was updated; reload to read the new version.",
      headers: { [CURRENT_VERSION_HEADER]: "3", "Cache-Control": "no-store" },
    });
  });
});
