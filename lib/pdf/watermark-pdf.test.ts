import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { samplePdf } from "@/scripts/lib/sample-pdf";
import { shownStrings } from "@/test/support/pdf-page-text";
import { watermarkPdf } from "./watermark-pdf";

const TEXT = "Confidential · jane@acme.com · 2026-11-23 · 203.0.113.7";

describe("a watermarked PDF", () => {
  it("shows the text many times in every page's content and keeps each page's own content", async () => {
    const { bytes, pageCount } = await watermarkPdf(await samplePdf(4, "Board deck"), TEXT, 100);
    expect(pageCount).toBe(4);
    const pages = await shownStrings(bytes);
    expect(pages).toHaveLength(4);
    for (const [index, strings] of pages.entries()) {
      expect(strings.filter((s) => s === TEXT).length, `page ${index + 1}`).toBeGreaterThanOrEqual(8);
      expect(strings, `page ${index + 1}`).toContain(`Page ${index + 1} of 4`);
    }
  });

  it("keeps the pages' number, size and order", async () => {
    const original = await PDFDocument.load(await samplePdf(3));
    const marked = await PDFDocument.load((await watermarkPdf(await original.save(), TEXT, 100)).bytes);
    expect(marked.getPages().map((p) => p.getSize())).toEqual(original.getPages().map((p) => p.getSize()));
  });

  it("draws characters the standard font lacks as question marks instead of failing", async () => {
    const { bytes } = await watermarkPdf(await samplePdf(1), "jürgen@例え.jp", 100);
    expect((await shownStrings(bytes))[0]).toContain("jürgen@??.jp");
  });

  it("refuses a file with more pages than the limit", async () => {
    await expect(watermarkPdf(await samplePdf(3), TEXT, 2)).rejects.toThrow("The PDF has 3 pages; the limit is 2.");
  });
});
