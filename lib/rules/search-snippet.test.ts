import { describe, expect, it } from "vitest";
import { snippetParts } from "./search-snippet";

describe("snippetParts", () => {
  it("splits a snippet on its marks, keeping markup as text", () => {
    expect(snippetParts("a <b>**revenue**</b> line")).toEqual([
      { text: "a <b>", marked: false },
      { text: "revenue", marked: true },
      { text: "</b> line", marked: false },
    ]);
  });

  it("leaves a mark cut off by the snippet's length as text", () => {
    expect(snippetParts("**one** and **tw")).toEqual([
      { text: "one", marked: true },
      { text: " and tw", marked: false },
    ]);
  });
});
