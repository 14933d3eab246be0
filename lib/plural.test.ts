import { describe, expect, it } from "vitest";
import { plural } from "./plural";

describe("plural", () => {
  it("says one thing in the singular and any other count in the plural", () => {
    expect(plural(1, "view")).toBe("1 view");
    expect(plural(0, "view")).toBe("0 views");
    expect(plural(2, "page")).toBe("2 pages");
  });

  it("groups thousands and takes an irregular plural", () => {
    expect(plural(1204, "lead")).toBe("1,204 leads");
    expect(plural(3, "entry", "entries")).toBe("3 entries");
  });
});
