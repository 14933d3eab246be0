import { describe, expect, it } from "vitest";
import type { RoomAccessLevel } from "../generated/prisma/client";
import { groupLevels } from "./group-levels";

/** Deals / Bidder A / Q1, Deals / Bidder B, and Legal at the top level. */
const folders = [
  { id: "q1", parentId: "bidder-a" },
  { id: "bidder-a", parentId: "deals" },
  { id: "deals", parentId: null },
  { id: "bidder-b", parentId: "deals" },
  { id: "legal", parentId: null },
];

const rules = (
  defaultAccess: RoomAccessLevel,
  folderLevels: Record<string, RoomAccessLevel> = {},
  documentLevels: Record<string, RoomAccessLevel> = {},
) => ({ defaultAccess, folders: new Map(Object.entries(folderLevels)), documents: new Map(Object.entries(documentLevels)) });

describe("groupLevels", () => {
  it("gives the top level the default, and what is inside inherits it", () => {
    const levels = groupLevels(folders, rules("view"));
    expect(folders.map((folder) => levels.folder(folder.id))).toEqual(["view", "view", "view", "view", "view"]);
    expect(levels.document("new", null)).toBe("view");
    expect(levels.document("new", "q1")).toBe("view");
  });

  it("lets a top-level folder or document rise above the default, and a child only lower what it inherits", () => {
    const levels = groupLevels(
      folders,
      rules("none", { deals: "download", "bidder-b": "none", q1: "download", "bidder-a": "view" }, { top: "view", inQ1: "download" }),
    );
    expect(levels.folder("deals")).toBe("download");
    expect(levels.folder("bidder-a")).toBe("view");
    // Set higher than its parent: it stays at the parent's.
    expect(levels.folder("q1")).toBe("view");
    expect(levels.document("inQ1", "q1")).toBe("view");
    expect(levels.folder("bidder-b")).toBe("none");
    expect(levels.folder("legal")).toBe("none");
    expect(levels.document("top", null)).toBe("view");
    expect(levels.document("other", null)).toBe("none");
    // What a new folder or document would get there.
    expect([levels.inherited(null), levels.inherited("deals"), levels.inherited("q1")]).toEqual(["none", "download", "view"]);
  });

  it("hides everything under a folder at none, whatever is set inside", () => {
    const levels = groupLevels(folders, rules("download", { deals: "none", q1: "download" }, { deep: "download" }));
    expect(["deals", "bidder-a", "q1", "bidder-b"].map((id) => levels.folder(id))).toEqual(["none", "none", "none", "none"]);
    expect(levels.document("deep", "q1")).toBe("none");
    expect(levels.folder("legal")).toBe("download");
  });

  it("lowers a document below its folder", () => {
    const levels = groupLevels(folders, rules("download", {}, { memo: "view", secret: "none" }));
    expect([levels.document("memo", "q1"), levels.document("secret", "q1"), levels.document("deck", "q1")]).toEqual([
      "view",
      "none",
      "download",
    ]);
  });

  it("answers none for a folder it was not told about", () => {
    expect(groupLevels(folders, rules("download")).folder("elsewhere")).toBe("none");
    expect(groupLevels(folders, rules("download")).document("d", "elsewhere")).toBe("none");
  });
});
