import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { HOSTILE_PAGE_COUNT, HOSTILE_PDFS, markerPage, markersIn } from "@/test/support/hostile-pdfs";
import { extractedPageText } from "@/test/support/pdf-page-text";
import { COLLIDING_GLYPHS, TYPE3_PAGE_COUNT, TYPE3_PDFS } from "@/test/support/type3-pdfs";
import { buildPreview } from "./build-preview";
import { decodeStream } from "./decode-stream";

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

/** Each Type 3 font a page draws with, by resource name: its glyph names and each glyph's decoded content. */
async function type3Glyphs(file: Uint8Array): Promise<Array<Record<string, Record<string, string>>>> {
  const document = await PDFDocument.load(file);
  return document.getPages().map((page) => {
    const fonts = page.node.Resources()?.lookupMaybe(PDFName.of("Font"), PDFDict);
    const result: Record<string, Record<string, string>> = {};
    for (const [fontName, ref] of fonts?.entries() ?? []) {
      const font = document.context.lookup(ref, PDFDict);
      if (font.lookup(PDFName.of("Subtype")) !== PDFName.of("Type3")) continue;
      const glyphs: Record<string, string> = {};
      for (const [glyph, proc] of font.lookup(PDFName.of("CharProcs"), PDFDict).entries()) {
        glyphs[glyph.decodeText()] = Buffer.from(decodeStream(document.context.lookup(proc, PDFStream), 1024 * 1024)).toString("latin1");
      }
      result[fontName.decodeText()] = glyphs;
    }
    return result;
  });
}

describe("the preview of a PDF drawn with Type 3 fonts", () => {
  for (const [layout, build] of Object.entries(TYPE3_PDFS)) {
    it(`keeps every glyph of the kept pages and nothing of later pages: ${layout}`, async () => {
      const original = await build();
      const originalGlyphs = await type3Glyphs(original);
      const originalTexts = await extractedPageText(original);
      for (const gatePage of [2, 3, 4, TYPE3_PAGE_COUNT]) {
        const preview = await buildPreview(await PDFDocument.load(original), gatePage - 1, limits);
        const kept = originalGlyphs.slice(0, gatePage - 1);
        expect(await type3Glyphs(preview), `gate at page ${gatePage}`).toEqual(kept);
        expect(await extractedPageText(preview), `gate at page ${gatePage}`).toEqual(originalTexts.slice(0, gatePage - 1));
        const found = [...markersIn(preview)];
        expect(
          found.filter((m) => markerPage(m) >= gatePage),
          `gate at page ${gatePage}`,
        ).toEqual([]);
        for (let page = 1; page < gatePage; page++) expect(found).toContain(`PWMARK-P${page}`);
      }
    });
  }

  it("draws glyphs named like every key a preview drops, and reads them back as text", async () => {
    const original = await TYPE3_PDFS["a Type 3 font on every page, glyphs named like dropped keys"]();
    const [first] = await type3Glyphs(await buildPreview(await PDFDocument.load(original), 1, limits));
    expect(Object.keys(first!.T3!).sort()).toEqual([...COLLIDING_GLYPHS].sort());
    for (const proc of Object.values(first!.T3!)) expect(proc).toMatch(/ d1\n[\s\S]* re f\n/);
    const [text] = await extractedPageText(await buildPreview(await PDFDocument.load(original), 1, limits));
    expect(text).toContain("BCDEFGHIJKLMNOPQRSTUVWXY");
  });

  it("keeps a glyph for every character of matplotlib's default label, and reads it whole", async () => {
    const preview = await buildPreview(await PDFDocument.load(await TYPE3_PDFS["matplotlib's default label"]()), 2, limits);
    const document = await PDFDocument.load(preview);
    const font = document.getPage(0).node.Resources()!.lookup(PDFName.of("Font"), PDFDict).lookup(PDFName.of("T3"), PDFDict);
    const encoded = font.lookup(PDFName.of("Encoding"), PDFDict).lookup(PDFName.of("Differences"), PDFArray).asArray();
    const glyphNames = encoded.filter((item) => item instanceof PDFName).map((item) => item.decodeText());
    expect(glyphNames).toEqual(expect.arrayContaining(["P", "A", "space"]));
    expect(
      Object.keys((await type3Glyphs(preview))[0]!.T3!)
        .filter((glyph) => glyphNames.includes(glyph))
        .sort(),
    ).toEqual([...glyphNames].sort());
    const texts = await extractedPageText(preview);
    expect(texts.map((text) => text.split("\n").at(-1))).toEqual(["Pressure And Amplitude 1", "Pressure And Amplitude 2"]);
  });

  it("keeps a DeviceN space's colorants, whose names are the file's own (/A, /Info)", async () => {
    const pdf = await PDFDocument.create();
    const { context } = pdf;
    const tint = context.obj({ FunctionType: 2, Domain: [0, 1], C0: [0, 0, 0, 0], C1: [1, 0, 0, 0], N: 1 });
    const separation = (colorant: string) => context.obj([PDFName.of("Separation"), PDFName.of(colorant), PDFName.of("DeviceCMYK"), tint]);
    const mix = context.register(
      context.flateStream("{ pop pop 0 0 0 1 }", { FunctionType: 4, Domain: [0, 1, 0, 1], Range: [0, 1, 0, 1, 0, 1, 0, 1] }),
    );
    const attributes = context.obj({ Subtype: "NChannel", Colorants: { A: separation("A"), Info: separation("Info") } });
    const deviceN = context.obj([PDFName.of("DeviceN"), [PDFName.of("A"), PDFName.of("Info")], PDFName.of("DeviceCMYK"), mix, attributes]);
    for (let n = 1; n <= 2; n++) {
      const page = pdf.addPage([200, 200]);
      page.node.set(PDFName.of("Contents"), context.register(context.flateStream("/CS0 cs 1 1 scn 0 0 100 100 re f\n")));
      page.node.set(PDFName.of("Resources"), context.obj({ ColorSpace: { CS0: deviceN } }));
    }
    const preview = await PDFDocument.load(await buildPreview(await PDFDocument.load(await pdf.save()), 1, limits));
    const space = preview.getPage(0).node.Resources()!.lookup(PDFName.of("ColorSpace"), PDFDict).lookup(PDFName.of("CS0"), PDFArray);
    const colorants = space.lookup(4, PDFDict).lookup(PDFName.of("Colorants"), PDFDict);
    expect(colorants.keys().map((key) => key.decodeText())).toEqual(["A", "Info"]);
  });
});
