import { describe, expect, it } from "vitest";
import { formatBytes, pdfChoiceProblem } from "./check-pdf-choice";

const MB = 1024 * 1024;
const bytes = (text: string) => new TextEncoder().encode(text);
const pdf = (overrides: Partial<{ name: string; type: string; size: number }> = {}) => ({
  name: "deck.pdf",
  type: "application/pdf",
  size: 2 * MB,
  ...overrides,
});

describe("pdfChoiceProblem", () => {
  it("lets a PDF go: named .pdf or typed application/pdf, starting with %PDF-", () => {
    expect(pdfChoiceProblem(pdf(), bytes("%PDF-"), 5)).toBeNull();
    expect(pdfChoiceProblem(pdf({ name: "scan", type: "application/pdf" }), bytes("%PDF-"), 5)).toBeNull();
    expect(pdfChoiceProblem(pdf({ name: "DECK.PDF", type: "" }), bytes("%PDF-"), 5)).toBeNull();
  });

  it("refuses a file renamed to .pdf whose bytes are not a PDF", () => {
    expect(pdfChoiceProblem(pdf({ name: "notes.pdf" }), bytes("Hello"), 5)).toBe(
      "notes.pdf is not a PDF inside, whatever its name says (it does not start with %PDF-). Choose a real PDF.",
    );
    expect(pdfChoiceProblem(pdf(), bytes("%PD"), 5)).toMatch(/does not start with %PDF-/);
  });

  it("refuses another type of file by its name and type, before reading it", () => {
    expect(pdfChoiceProblem(pdf({ name: "photo.png", type: "image/png" }), bytes("%PDF-"), 5)).toBe(
      "photo.png is not a PDF. Choose a .pdf file.",
    );
  });

  it("refuses an empty file and one over the size limit", () => {
    expect(pdfChoiceProblem(pdf({ size: 0 }), new Uint8Array(), 5)).toBe("deck.pdf is empty. Choose a PDF with pages in it.");
    expect(pdfChoiceProblem(pdf({ size: 6 * MB }), bytes("%PDF-"), 5)).toBe("deck.pdf is 6.0 MB; the limit is 5 MB.");
  });

  it("lets the office files and images the server takes go, by name or type, leaving their bytes to the server", () => {
    const kinds = ["pdf", "docx", "pptx", "xlsx", "csv", "png", "jpg"] as const;
    expect(pdfChoiceProblem(pdf({ name: "memo.docx", type: "" }), bytes("PK"), 5, kinds)).toBeNull();
    expect(pdfChoiceProblem(pdf({ name: "photo", type: "image/jpeg" }), bytes("\xff\xd8"), 5, kinds)).toBeNull();
    expect(pdfChoiceProblem(pdf({ name: "DECK.PPTX", type: "" }), bytes("PK"), 5, kinds)).toBeNull();
    expect(pdfChoiceProblem(pdf({ name: "notes.txt", type: "text/plain" }), bytes("hi"), 5, kinds)).toBe(
      "notes.txt is not a type this server takes. Choose a file of these: PDF (.pdf), PowerPoint (.pptx), Word (.docx), Excel (.xlsx, .csv), images (.png, .jpg, .jpeg).",
    );
    expect(pdfChoiceProblem(pdf({ name: "memo.docx", type: "" }), bytes("PK"), 5, ["pdf", "png", "jpg"])).toMatch(
      /memo\.docx is not a type this server takes/,
    );
    expect(pdfChoiceProblem(pdf({ name: "notes.pdf" }), bytes("Hello"), 5, kinds)).toMatch(/does not start with %PDF-/);
  });
});

describe("formatBytes", () => {
  it("shows kilobytes below a megabyte (at least 1 KB) and megabytes to a tenth above", () => {
    expect(formatBytes(10)).toBe("1 KB");
    expect(formatBytes(320 * 1024)).toBe("320 KB");
    expect(formatBytes(4.25 * MB)).toBe("4.3 MB");
  });
});
