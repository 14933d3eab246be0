import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { HOSTILE_PAGE_COUNT, HOSTILE_PDFS, markerPage, markersIn } from "@/test/support/hostile-pdfs";
import { buildPreview } from "./build-preview";

const limits = { maxContentBytes: 64 * 1024 * 1024 };

describe("the preview of a hostile PDF", () => {
  for (const [layout, build] of Object.entries(HOSTILE_PDFS)) {
    it(`holds no material of a page at or after the gate: ${layout}`, async () => {
      const original = await build();
      const all = [...markersIn(original)];
      expect(all.filter((m) => markerPage(m) >= 3).length, "the original carries later pages' markers").toBeGreaterThan(0);

      for (const gatePage of [2, 3, HOSTILE_PAGE_COUNT]) {
        const preview = await buildPreview(await PDFDocument.load(original), gatePage - 1, limits);
        const leaked = [...markersIn(preview)].filter((m) => markerPage(m) >= gatePage);
        expect(leaked, `gate at page ${gatePage}`).toEqual([]);
        expect((await PDFDocument.load(preview)).getPageCount()).toBe(gatePage - 1);
        for (let page = 1; page < gatePage; page++) expect(markersIn(preview)).toContain(`PWMARK-P${page}`);
      }
    });
  }

  it("keeps what the allowed pages draw: shared forms, inherited resources and visible widgets", async () => {
    const shared = markersIn(
      await buildPreview(await PDFDocument.load(await HOSTILE_PDFS["resources shared through the page tree"]()), 2, limits),
    );
    expect(shared).toEqual(
      new Set(["PWMARK-P1", "PWMARK-P2", "PWMARK-P1-xobject", "PWMARK-P2-xobject", "PWMARK-P1-inherits", "PWMARK-P2-inherits"]),
    );
    const form = markersIn(
      await buildPreview(await PDFDocument.load(await HOSTILE_PDFS["a form field whose widgets span pages"]()), 2, limits),
    );
    expect(form).toContain("PWMARK-P1-widget");
    expect(form).not.toContain("PWMARK-P1-widget-contents");
  });

  it("renders the kept pages' text for pdf.js", async () => {
    const preview = await buildPreview(await PDFDocument.load(await HOSTILE_PDFS["resources shared through the page tree"]()), 2, limits);
    const { extractText, getDocumentProxy } = await import("unpdf");
    const { text } = await extractText(await getDocumentProxy(preview), { mergePages: false });
    expect(text[0]).toContain("PWMARK-P1-xobject");
    expect(text[1]).toContain("PWMARK-P2-inherits");
  });
});
