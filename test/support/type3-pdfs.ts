import { PDFDocument, PDFName, StandardFonts, type PDFContext, type PDFRef } from "pdf-lib";
import { PREVIEW_DROPPED_KEYS } from "../../lib/pdf/build-preview";
import { marker } from "./hostile-pdfs";

/**
 * PDFs drawn with Type 3 fonts, as matplotlib and TeX write them: each glyph is a content stream
 * under /CharProcs, keyed by its glyph name. These glyph names collide with every key a preview
 * drops from a dictionary that links out (/A, /P, /Next, /Info, /Annots, …), so a builder that
 * drops keys by name alone loses glyphs. Every page also shows `PWMARK-P<n>` and later pages draw
 * with a font of their own whose glyphs carry `PWMARK-P<n>-glyph`, so a test can prove which pages'
 * material a preview holds.
 */
export const COLLIDING_GLYPHS = [
  ...PREVIEW_DROPPED_KEYS,
  "Type",
  "Subtype",
  "Contents",
  "Font",
  "CharProcs",
  "Encoding",
  "Differences",
] as const;

/** What each colliding glyph reads as (its ToUnicode entry): one distinct letter or digit each. */
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const FIRST_CODE = 0x21;
const PAGES = 5;

type Glyph = { name: string; unicode: string; proc: string };

/** A glyph drawn as filled bars whose heights spell its index, so each glyph has a visible shape of its own. */
const barsGlyph = (index: number, extra = "") =>
  `600 0 0 0 500 700 d1\n${extra}0 0 500 ${100 + index * 10} re f\n${(index % 5) * 80} ${120 + index * 10} 60 40 re f\n`;

function type3Font(context: PDFContext, glyphs: Glyph[], options: { toUnicode: boolean; resources?: Record<string, PDFRef> }): PDFRef {
  const charProcs: Record<string, PDFRef> = {};
  for (const glyph of glyphs) charProcs[glyph.name] = context.register(context.flateStream(glyph.proc));
  const codes = glyphs.map((_, i) => FIRST_CODE + i);
  const font = context.obj({
    Type: "Font",
    Subtype: "Type3",
    FontBBox: [0, 0, 600, 700],
    FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
    CharProcs: context.obj(charProcs),
    Encoding: context.obj({ Type: "Encoding", Differences: [FIRST_CODE, ...glyphs.map((g) => PDFName.of(g.name))] }),
    FirstChar: FIRST_CODE,
    LastChar: FIRST_CODE + glyphs.length - 1,
    Widths: glyphs.map(() => 600),
    Resources: context.obj({ ProcSet: [PDFName.of("PDF")], ...(options.resources && { XObject: options.resources }) }),
  });
  if (options.toUnicode) {
    const entries = glyphs.map((g, i) => `<${hex2(codes[i]!)}> <${hex4(g.unicode)}>`);
    const cmap = [
      "/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
      "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def /CMapName /Adobe-Identity-UCS def /CMapType 2 def",
      "1 begincodespacerange <00> <FF> endcodespacerange",
      `${entries.length} beginbfchar`,
      ...entries,
      "endbfchar endcmap CMapName currentdict /CMap defineresource pop end end",
    ].join("\n");
    font.set(PDFName.of("ToUnicode"), context.register(context.flateStream(cmap)));
  }
  return context.register(font);
}

const hex2 = (code: number) => code.toString(16).padStart(2, "0").toUpperCase();
const hex4 = (text: string) => text.codePointAt(0)!.toString(16).padStart(4, "0").toUpperCase();

/** A content-stream string of the codes of `glyphs` (by index into the font's glyphs). */
const shown = (indexes: number[]) => `<${indexes.map((i) => hex2(FIRST_CODE + i)).join("")}>`;

if (COLLIDING_GLYPHS.length > LETTERS.length) throw new Error("more colliding glyph names than letters to read them as");

const collidingGlyphs = (extra?: (index: number) => string): Glyph[] =>
  COLLIDING_GLYPHS.map((glyphName, i) => ({ name: glyphName, unicode: LETTERS[i]!, proc: barsGlyph(i, extra?.(i)) }));

/**
 * Five pages drawing text with one Type 3 font whose glyph names collide with the dropped keys;
 * pages 4 and 5 also draw with a font of their own whose glyphs carry their page's marker.
 */
async function collidingFont(options: { inherited: boolean; glyphsDrawForm: boolean; objectStreams: boolean }): Promise<Buffer> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const { context } = pdf;
  const helvetica = (await pdf.embedFont(StandardFonts.Helvetica)).ref;
  const form = options.glyphsDrawForm
    ? context.register(context.flateStream("0 0 50 50 re f\n", { Type: "XObject", Subtype: "Form", BBox: [0, 0, 50, 50] }))
    : undefined;
  const shared = type3Font(context, collidingGlyphs(form ? () => "/G Do\n" : undefined), {
    toUnicode: true,
    ...(form && { resources: { G: form } }),
  });
  if (options.inherited) pdf.catalog.Pages().set(PDFName.of("Resources"), context.obj({ Font: { F1: helvetica, T3: shared } }));
  for (let n = 1; n <= PAGES; n++) {
    const page = pdf.addPage([612, 792]);
    const count = COLLIDING_GLYPHS.length;
    const order = Array.from({ length: count }, (_, i) => (i + n) % count);
    const lines = [order.slice(0, 24), order.slice(24)].map((line, i) => `BT /T3 16 Tf 40 ${600 - i * 40} Td ${shown(line)} Tj ET`);
    let content = `BT /F1 18 Tf 72 700 Td (${marker(n)}) Tj ET\n${lines.join("\n")}\n`;
    const fonts: Record<string, PDFRef> = { F1: helvetica, T3: shared };
    if (n >= 4) {
      const own = type3Font(context, collidingGlyphs((i) => `% ${marker(n, "glyph")} ${i}\n`).slice(0, 8), { toUnicode: true });
      fonts[`L${n}`] = own;
      content += `BT /L${n} 16 Tf 40 400 Td ${shown([0, 1, 2, 3, 4, 5, 6, 7])} Tj ET\n`;
    }
    page.node.set(PDFName.of("Contents"), context.register(context.flateStream(content)));
    if (options.inherited && n < 4) page.node.delete(PDFName.of("Resources"));
    else page.node.set(PDFName.of("Resources"), context.obj({ Font: fonts }));
  }
  return Buffer.from(await pdf.save({ useObjectStreams: options.objectStreams }));
}

/**
 * The label matplotlib draws by default with its Type 3 fonts: glyphs named by the standard glyph
 * list (/P, /A, /space…), an /Encoding /Differences and no ToUnicode map, so a reader takes each
 * character from its glyph name. Page n's label is numbered n.
 */
async function matplotlibLabel(): Promise<Buffer> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const { context } = pdf;
  const helvetica = (await pdf.embedFont(StandardFonts.Helvetica)).ref;
  const label = (n: number) => `Pressure And Amplitude ${n}`;
  const characters = [...new Set([...Array.from({ length: PAGES }, (_, i) => label(i + 1))].join(""))];
  const glyphName = (c: string) => (c === " " ? "space" : /\d/.test(c) ? ["zero", "one", "two", "three", "four", "five"][Number(c)]! : c);
  const font = type3Font(
    context,
    characters.map((c, i) => ({ name: glyphName(c), unicode: c, proc: barsGlyph(i) })),
    { toUnicode: false },
  );
  for (let n = 1; n <= PAGES; n++) {
    const page = pdf.addPage([612, 792]);
    const codes = [...label(n)].map((c) => characters.indexOf(c));
    const content = `BT /F1 18 Tf 72 700 Td (${marker(n)}) Tj ET\nBT /T3 20 Tf 72 600 Td ${shown(codes)} Tj ET\n`;
    page.node.set(PDFName.of("Contents"), context.register(context.flateStream(content)));
    page.node.set(PDFName.of("Resources"), context.obj({ Font: { F1: helvetica, T3: font } }));
  }
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

export const TYPE3_PDFS = {
  "a Type 3 font on every page, glyphs named like dropped keys": () =>
    collidingFont({ inherited: false, glyphsDrawForm: false, objectStreams: false }),
  "a Type 3 font inherited through the page tree, in object streams": () =>
    collidingFont({ inherited: true, glyphsDrawForm: false, objectStreams: true }),
  "a Type 3 font whose glyphs draw a form from the font's resources": () =>
    collidingFont({ inherited: false, glyphsDrawForm: true, objectStreams: true }),
  "matplotlib's default label": matplotlibLabel,
} as const;
export const TYPE3_PAGE_COUNT = PAGES;
