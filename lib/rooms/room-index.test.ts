import { describe, expect, it } from "vitest";
import { roomIndex } from "./room-index";

const folder = (id: string, parentId: string | null = null) => ({ id, parentId });
const doc = (folderId: string | null) => ({ folderId });

describe("roomIndex", () => {
  it("numbers each level's folders, then its documents, from 1, under the folder's own number", () => {
    const folders = [folder("a"), folder("a1", "a"), folder("a1x", "a1"), folder("b")];
    const documents = [doc(null), doc("a"), doc("a"), doc("a1x"), doc("b")];
    expect(roomIndex(folders, documents)).toEqual({
      folders: ["1", "1.1", "1.1.1", "2"],
      documents: ["3", "1.2", "1.3", "1.1.1.1", "2.1"],
    });
  });

  it("counts a document or folder whose folder is not listed at the top level", () => {
    expect(roomIndex([folder("a", "gone")], [doc("gone"), doc(null)])).toEqual({ folders: ["1"], documents: ["2", "3"] });
  });

  it("numbers an empty room as nothing", () => {
    expect(roomIndex([], [])).toEqual({ folders: [], documents: [] });
  });
});
