import { describe, expect, it } from "vitest";
import { permissionRows } from "./room-permission-rows";

const cell = (level: "none" | "view" | "download", set: "none" | "view" | "download" | null = null) => [
  { group_id: "g", level, set, inherited: level },
];
const folder = (id: string, parent_id: string | null, access = cell("view")) => ({
  id,
  name: id,
  parent_id,
  position: 0,
  index: "",
  access,
});
const doc = (code: string, folder_id: string | null, access = cell("view")) => ({
  short_code: code,
  title: code,
  page_count: 1,
  folder_id,
  position: 0,
  index: "",
  access,
});

describe("permissionRows", () => {
  it("lists the top level's documents, then each folder followed by its documents, indented by depth", () => {
    const rows = permissionRows({
      folders: [folder("Deals", null, cell("none", "none")), folder("Q1", "Deals"), folder("Legal", null)],
      documents: [doc("s-top", null), doc("s-q1", "Q1"), doc("s-deal", "Deals"), doc("s-nda", "Legal", cell("download", "download"))],
    });
    expect(rows.map((row) => [row.kind, row.label, row.depth])).toEqual([
      ["document", "s-top", 0],
      ["folder", "Deals", 0],
      ["document", "s-deal", 1],
      ["folder", "Q1", 1],
      ["document", "s-q1", 2],
      ["folder", "Legal", 0],
      ["document", "s-nda", 1],
    ]);
    expect(rows[1]!.target).toEqual({ folder_id: "Deals" });
    expect(rows[6]!.cells).toEqual(cell("download", "download"));
  });
});
