import { describe, expect, it } from "vitest";
import { MAX_NAME_BYTES, roomZipPaths, safeName, type ZipFolder } from "./room-zip-paths";

const folder = (id: string, name: string, parent_id: string | null = null): ZipFolder => ({ id, name, parent_id });
const doc = (title: string, folder_id: string | null = null) => ({ title, folder_id });
const pathsOf = (folders: ZipFolder[], documents: ReturnType<typeof doc>[]) => roomZipPaths(folders, documents).map(({ path }) => path);

describe("the paths of a room's documents in its ZIP", () => {
  it("follow the folder tree, keep the order given and end in .pdf (once)", () => {
    const folders = [folder("f", "Financials"), folder("y", "2025", "f"), folder("l", "Legal")];
    expect(pathsOf(folders, [doc("Overview"), doc("Q1.pdf", "y"), doc("Budget", "f"), doc("NDA.PDF", "l")])).toEqual([
      "Overview.pdf",
      "Financials/2025/Q1.pdf",
      "Financials/Budget.pdf",
      "Legal/NDA.pdf",
    ]);
  });

  it("number names that collide within a folder, ignoring case, and leave other folders' names alone", () => {
    const folders = [folder("a", "Deck"), folder("b", "deck"), folder("c", "Other")];
    expect(pathsOf(folders, [doc("Deck"), doc("deck"), doc("Deck (2)"), doc("Deck", "a"), doc("Deck", "c"), doc("Deck", "b")])).toEqual([
      "Deck.pdf",
      "deck (2).pdf",
      "Deck (2) (2).pdf",
      "Deck/Deck.pdf",
      "Other/Deck.pdf",
      "deck (2)/Deck.pdf",
    ]);
  });

  it("never let a document take a folder's name: a folder keeps its own", () => {
    expect(pathsOf([folder("a", "Deck.pdf")], [doc("Deck")])).toEqual(["Deck (2).pdf"]);
  });

  it("put a document whose folder is not listed at the top level", () => {
    expect(pathsOf([], [doc("Lost", "gone")])).toEqual(["Lost.pdf"]);
  });

  it("come out whole even from folders and titles made to escape or to mislead", () => {
    const folders = [folder("up", ".."), folder("root", "/etc"), folder("win", "C:\\Windows", "root")];
    const titles = ["../../secret", "a/b\\c", "\u0000nul\u0007bell\ttab", "invoice\u202efdp.exe", "   ", "...", "CON", "con.txt"];
    expect(
      pathsOf(
        folders,
        titles.map((title, i) => doc(title, i === 0 ? "up" : i === 1 ? "win" : null)),
      ),
    ).toEqual([
      "Folder/_.._secret.pdf",
      "_etc/C__Windows/a_b_c.pdf",
      "nulbell tab.pdf",
      "invoicefdp.exe.pdf",
      "Untitled.pdf",
      "Untitled (2).pdf",
      "CON_.pdf",
      "con_.txt.pdf",
    ]);
  });
});

describe("a safe name", () => {
  it("is cut to MAX_NAME_BYTES of UTF-8 without splitting a character", () => {
    const cut = safeName("資".repeat(100), "x");
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(cut).toBe("資".repeat(Math.floor(MAX_NAME_BYTES / 3)));
    expect(safeName(`${"a".repeat(MAX_NAME_BYTES - 1)}😀`, "x")).toBe("a".repeat(MAX_NAME_BYTES - 1));
  });

  it("is composed (NFC), so the same title typed on a Mac and elsewhere collides as it should", () => {
    expect(safeName("U\u0308bersicht", "x")).toBe("Übersicht");
    expect(pathsOf([], [doc("U\u0308bersicht"), doc("Übersicht")])).toEqual(["Übersicht.pdf", "Übersicht (2).pdf"]);
  });
});
