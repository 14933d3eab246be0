import { describe, expect, it } from "vitest";
import { folderMoveTargets, folderPaths, roomTree } from "./room-tree";

const folder = (id: string, name: string, parent_id: string | null, position: number) => ({ id, name, parent_id, position, index: "" });
const doc = (code: string, folder_id: string | null, position: number) => ({
  short_code: code,
  title: code,
  page_count: 1,
  folder_id,
  position,
  index: "",
});

const folders = [folder("b", "Legal", null, 1), folder("a", "Financials", null, 0), folder("c", "2025", "a", 0)];

describe("roomTree", () => {
  it("nests folders under their parents and keeps each list in position order", () => {
    const tree = roomTree({ folders, documents: [doc("s-2", null, 1), doc("s-1", null, 0), doc("s-3", "c", 0)] });
    expect(tree.documents.map((d) => d.short_code)).toEqual(["s-1", "s-2"]);
    expect(tree.children.map((n) => n.folder?.name)).toEqual(["Financials", "Legal"]);
    const year = tree.children[0]!.children[0]!;
    expect(year.folder?.name).toBe("2025");
    expect(year.documents.map((d) => d.short_code)).toEqual(["s-3"]);
  });

  it("draws an empty room as an empty top level", () => {
    expect(roomTree({ folders: [], documents: [] })).toEqual({ folder: null, documents: [], children: [] });
  });
});

describe("folderPaths", () => {
  it("names each folder with its ancestors", () => {
    expect(folderPaths(folders)).toEqual([
      ["b", "Legal"],
      ["a", "Financials"],
      ["c", "Financials / 2025"],
    ]);
  });
});

describe("folderMoveTargets", () => {
  it("offers the top level and every folder but the folder itself and its subfolders", () => {
    const inOrder = [
      folder("a", "Financials", null, 0),
      folder("c", "2025", "a", 0),
      folder("d", "Q1", "c", 0),
      folder("b", "Legal", null, 1),
    ];
    expect(folderMoveTargets(inOrder, "a")).toEqual([
      ["", "Top level"],
      ["b", "Legal"],
    ]);
    expect(folderMoveTargets(inOrder, "d").map(([id]) => id)).toEqual(["", "a", "c", "b"]);
  });
});
