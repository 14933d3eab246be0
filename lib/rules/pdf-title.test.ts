import { describe, expect, it } from "vitest";
import { usablePdfTitle } from "./pdf-title";

describe("a PDF's own title", () => {
  it("keeps a real title, its whitespace collapsed", () => {
    expect(usablePdfTitle("  Q3\tboard\n pack ")).toBe("Q3 board pack");
    expect(usablePdfTitle("Übersicht 2027")).toBe("Übersicht 2027");
  });

  it("strips an office suite's prefix and extension", () => {
    expect(usablePdfTitle("Microsoft Word - x.docx")).toBe("x");
    expect(usablePdfTitle("Microsoft Excel - Budget 2027.xlsx")).toBe("Budget 2027");
  });

  it("is no title when empty, a placeholder, not text or without a letter or digit", () => {
    for (const raw of ["", "  ", "Untitled", "UNTITLED DOCUMENT", "Document3", "PowerPoint Presentation", "…", null, 42]) {
      expect(usablePdfTitle(raw), String(raw)).toBeNull();
    }
  });

  it("removes NUL and control characters and stops at 200 characters without splitting a character", () => {
    expect(usablePdfTitle("A\u0000B")).toBe("A B");
    const long = usablePdfTitle(`${"😀".repeat(199)}ab`)!;
    expect(Array.from(long)).toHaveLength(200);
    expect(long.endsWith("a")).toBe(true);
  });
});
