import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { PDFDict, PDFDocument, PDFName, PDFString, StandardFonts, type PDFContext, type PDFRef } from "pdf-lib";
import sharp from "sharp";

/**
 * PDFs that exercise the viewer's drawing: scans in each of the bitonal and JPEG 2000 codings pdf.js
 * decodes with WebAssembly, a page pdf.js cannot draw, and a table of contents with links.
 */

/** The scan: a white letter page with one black block over this share of the page (from the top left). */
export const SCAN_BLOCK = { left: 0.25, top: 0.25, right: 0.75, bottom: 0.5 } as const;
const SCAN = { width: 400, height: 240 } as const;
const LETTER = [612, 792] as const;

/** The scan's pixels, one byte each: 0 black, 255 white. */
function scanPixels(): Buffer {
  const pixels = Buffer.alloc(SCAN.width * SCAN.height, 255);
  for (let y = SCAN.height * SCAN_BLOCK.top; y < SCAN.height * SCAN_BLOCK.bottom; y++) {
    pixels.fill(0, y * SCAN.width + SCAN.width * SCAN_BLOCK.left, y * SCAN.width + SCAN.width * SCAN_BLOCK.right);
  }
  return pixels;
}

/**
 * The scan as CCITT Group 4 data (T.6), as libvips writes it into a 1-bit TIFF: white is 0, which
 * is also how T.6 codes begin (each row starts with a white run).
 */
async function group4(): Promise<Buffer> {
  const tiff = await sharp(scanPixels(), { raw: { width: SCAN.width, height: SCAN.height, channels: 1 } })
    .toColourspace("b-w")
    .tiff({ compression: "ccittfax4", bitdepth: 1, miniswhite: true })
    .toBuffer();
  const tags = tiffTags(tiff);
  if (tags.get(TIFF_COMPRESSION)?.[0] !== 4 || tags.get(TIFF_PHOTOMETRIC)?.[0] !== 0)
    throw new Error("libvips did not write G4 white-is-zero");
  const [offsets, counts] = [tags.get(TIFF_STRIP_OFFSETS)!, tags.get(TIFF_STRIP_BYTE_COUNTS)!];
  // Each strip is coded on its own: only a single strip is one G4 image.
  if (offsets.length !== 1) throw new Error(`the scan came out in ${offsets.length} strips`);
  return tiff.subarray(offsets[0]!, offsets[0]! + counts[0]!);
}

const [TIFF_COMPRESSION, TIFF_PHOTOMETRIC, TIFF_STRIP_OFFSETS, TIFF_STRIP_BYTE_COUNTS] = [259, 262, 273, 279];

/** The first IFD's SHORT and LONG values, by tag (TIFF 6.0 §2). */
function tiffTags(tiff: Buffer): Map<number, number[]> {
  const little = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  const tags = new Map<number, number[]>();
  for (let i = 0; i < u16(ifd); i++) {
    const entry = ifd + 2 + i * 12;
    const [type, count] = [u16(entry + 2), u32(entry + 4)];
    const size = type === 3 ? 2 : 4;
    const at = count * size <= 4 ? entry + 8 : u32(entry + 8);
    tags.set(
      u16(entry),
      Array.from({ length: count }, (_, n) => (size === 2 ? u16(at + n * 2) : u32(at + n * 4))),
    );
  }
  return tags;
}

/** One JBIG2 segment (ITU T.88 §7.2): number, type, no referred-to segments, page 1, data length. */
function jbig2Segment(number: number, type: number, data: Buffer): Buffer {
  const header = Buffer.alloc(11);
  header.writeUInt32BE(number, 0);
  header.writeUInt8(type, 4);
  header.writeUInt8(0, 5);
  header.writeUInt8(1, 6);
  header.writeUInt32BE(data.length, 7);
  return Buffer.concat([header, data]);
}

/**
 * An embedded JBIG2 stream: a page information segment (§7.4.8) and one immediate generic region
 * segment (§7.4.6) of the page's size coded with MMR, whose data is exactly a G4 coding (§6.2.6).
 */
function jbig2Stream(size: { width: number; height: number }, mmr: Buffer): Buffer {
  const page = Buffer.alloc(19);
  page.writeUInt32BE(size.width, 0);
  page.writeUInt32BE(size.height, 4);
  const region = Buffer.alloc(18);
  region.writeUInt32BE(size.width, 0);
  region.writeUInt32BE(size.height, 4);
  // x, y 0; combination operator OR; then the generic region flags: MMR on, no template, no TPGDON.
  region.writeUInt8(0x01, 17);
  const PAGE_INFORMATION = 48;
  const IMMEDIATE_GENERIC_REGION = 38;
  const END_OF_PAGE = 49;
  return Buffer.concat([
    jbig2Segment(0, PAGE_INFORMATION, page),
    jbig2Segment(1, IMMEDIATE_GENERIC_REGION, Buffer.concat([region, mmr])),
    jbig2Segment(2, END_OF_PAGE, Buffer.alloc(0)),
  ]);
}

/** The scan as an embedded JBIG2 stream. */
const jbig2 = async () => jbig2Stream(SCAN, await group4());

type OpenJpeg = { J2KEncoder: new () => J2KEncoder };
type J2KEncoder = {
  getDecodedBuffer(info: {
    width: number;
    height: number;
    bitsPerSample: number;
    componentCount: number;
    isSigned: boolean;
    isUsingColorTransform: boolean;
  }): Uint8Array;
  setQuality(lossless: boolean, quality: number): void;
  encode(): void;
  getEncodedBuffer(): Uint8Array;
  delete(): void;
};

/** The scan as a lossless JPEG 2000 codestream, by OpenJPEG's encoder (a dev dependency; libvips in sharp cannot write JPEG 2000). */
async function jpeg2000(): Promise<Buffer> {
  const load = createRequire(import.meta.url)("@cornerstonejs/codec-openjpeg/wasmjs") as () => Promise<OpenJpeg>;
  const encoder = new (await load()).J2KEncoder();
  try {
    const input = encoder.getDecodedBuffer({ ...SCAN, bitsPerSample: 8, componentCount: 1, isSigned: false, isUsingColorTransform: false });
    input.set(scanPixels());
    encoder.setQuality(true, 0);
    encoder.encode();
    return Buffer.from(encoder.getEncodedBuffer());
  } finally {
    encoder.delete();
  }
}

export type ScanCoding = "CCITT G4" | "JBIG2" | "JPEG 2000";

async function scanImage(coding: ScanCoding): Promise<{ bytes: Buffer; dict: NonNullable<Parameters<PDFContext["stream"]>[1]> }> {
  const image = { Type: "XObject", Subtype: "Image", Width: SCAN.width, Height: SCAN.height, ColorSpace: "DeviceGray" };
  if (coding === "CCITT G4") {
    return {
      bytes: await group4(),
      dict: {
        ...image,
        BitsPerComponent: 1,
        Filter: "CCITTFaxDecode",
        DecodeParms: { K: -1, Columns: SCAN.width, Rows: SCAN.height, BlackIs1: false },
      },
    };
  }
  if (coding === "JBIG2") return { bytes: await jbig2(), dict: { ...image, BitsPerComponent: 1, Filter: "JBIG2Decode" } };
  return { bytes: await jpeg2000(), dict: { ...image, Filter: "JPXDecode" } };
}

/** A one-page scanned contract: the scan, in the given coding, covers the whole page. */
export async function scannedPdf(coding: ScanCoding): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([...LETTER]);
  const { bytes, dict } = await scanImage(coding);
  const image = pdf.context.register(pdf.context.stream(bytes, dict));
  page.node.set(PDFName.of("Resources"), pdf.context.obj({ XObject: { Scan: image } }));
  page.node.set(PDFName.of("Contents"), pdf.context.register(pdf.context.stream(`q ${LETTER[0]} 0 0 ${LETTER[1]} 0 0 cm /Scan Do Q`)));
  return Buffer.from(await pdf.save());
}

/**
 * Hostile JBIG2 scans, each a page of its own after one honest JBIG2 scan (page 1): `declared`, an
 * image whose dictionary claims 100,000 × 100,000 pixels; `bomb`, an image that claims the scan's
 * size while its JBIG2 data codes a 60,000 × 60,000 white page in 7.5 KB (an MMR row that repeats
 * the one above is a single bit), which decodes to 450 MB of bits.
 */
export async function hostileJbig2Pdf(kind: "declared" | "bomb"): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const scan = await scanImage("JBIG2");
  const side = kind === "declared" ? 100_000 : 60_000;
  const hostile =
    kind === "declared"
      ? { bytes: scan.bytes, dict: { ...scan.dict, Width: side, Height: side } }
      : { bytes: jbig2Stream({ width: side, height: side }, Buffer.alloc(side / 8, 0xff)), dict: scan.dict };
  for (const { bytes, dict } of [scan, hostile]) {
    const page = pdf.addPage([...LETTER]);
    page.node.set(PDFName.of("Resources"), pdf.context.obj({ XObject: { Scan: pdf.context.register(pdf.context.stream(bytes, dict)) } }));
    page.node.set(PDFName.of("Contents"), pdf.context.register(pdf.context.stream(`q ${LETTER[0]} 0 0 ${LETTER[1]} 0 0 cm /Scan Do Q`)));
  }
  return Buffer.from(await pdf.save());
}

/**
 * Three pages, page 2 of which pdf.js loads but cannot draw: it fills with a tiling pattern whose
 * horizontal step is 0, and the canvas its tile needs cannot be made ("Invalid canvas size").
 */
export async function undrawablePagePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 3; n++) pdf.addPage([...LETTER]).drawText(`Page ${n}`, { x: 72, y: 700, size: 24, font });
  const tile = pdf.context.register(
    pdf.context.stream("0 0 0 rg 0 0 5 5 re f", {
      Type: "Pattern",
      PatternType: 1,
      PaintType: 1,
      TilingType: 1,
      BBox: [0, 0, 10, 10],
      XStep: 0,
      YStep: 10,
      Resources: {},
    }),
  );
  const broken = pdf.getPage(1).node;
  broken.set(PDFName.of("Resources"), pdf.context.obj({ Pattern: { Tile: tile } }));
  broken.set(PDFName.of("Contents"), pdf.context.register(pdf.context.stream("/Pattern cs /Tile scn 0 0 612 792 re f")));
  return Buffer.from(await pdf.save());
}

/** Where each of the contents page's links sits on page 1, in PDF points (x1, y1, x2, y2). */
export const TOC_LINKS = {
  explicit: { to: 4, rect: [72, 620, 420, 660] },
  named: { to: 6, rect: [72, 540, 420, 580] },
  external: { url: "https://example.com/book-a-call", rect: [72, 460, 420, 500] },
} as const;
export const TOC_PAGES = 8;

/**
 * A manual with a table of contents on page 1: a GoTo link with an explicit destination (page 4),
 * one with a named destination (page 6), and a URI link ("book a call"). Each page says its number.
 */
export async function tableOfContentsPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const pages: PDFRef[] = [];
  for (let n = 1; n <= TOC_PAGES; n++) {
    const page = pdf.addPage([...LETTER]);
    page.drawText(n === 1 ? "Contents" : `Chapter page ${n}`, { x: 72, y: 720, size: 28, font });
    pages.push(page.ref);
  }
  const contents = pdf.getPage(0);
  const label = (text: string, rect: readonly number[]) => contents.drawText(text, { x: rect[0]! + 8, y: rect[1]! + 12, size: 18, font });
  label("Chapter 1 ........ page 4", TOC_LINKS.explicit.rect);
  label("Chapter 2 ........ page 6", TOC_LINKS.named.rect);
  label("Book a call", TOC_LINKS.external.rect);
  const link = (rect: readonly number[], action: Record<string, unknown>) =>
    pdf.context.register(pdf.context.obj({ Type: "Annot", Subtype: "Link", Rect: [...rect], Border: [0, 0, 0], ...action }));
  contents.node.set(
    PDFName.of("Annots"),
    pdf.context.obj([
      link(TOC_LINKS.explicit.rect, { A: { S: "GoTo", D: [pages[TOC_LINKS.explicit.to - 1]!, PDFName.of("Fit")] } }),
      link(TOC_LINKS.named.rect, { A: { S: "GoTo", D: PDFString.of("chapter-2") } }),
      link(TOC_LINKS.external.rect, { A: { S: "URI", URI: PDFString.of(TOC_LINKS.external.url) } }),
    ]),
  );
  pdf.catalog.set(
    PDFName.of("Names"),
    pdf.context.obj({
      Dests: { Names: [PDFString.of("chapter-2"), pdf.context.obj([pages[TOC_LINKS.named.to - 1]!, PDFName.of("Fit")])] },
    }),
  );
  return Buffer.from(await pdf.save());
}

/**
 * Three pages whose page tree sits in the middle of a ~600 KB file, between incompressible filler:
 * the viewer's first and last chunks (components/viewer/pages/pdf-opening.ts) do not hold it, so pdf.js
 * must ask for the chunk at `treeChunkStart` before the document opens.
 */
export async function midTreePdf(): Promise<{ bytes: Buffer; treeChunkStart: number }> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 3; n++) pdf.addPage([...LETTER]).drawText(`Page ${n}`, { x: 72, y: 700, size: 24, font });
  const { context } = pdf;
  const filler = (size: number) => context.register(context.stream(randomBytes(size)));
  filler(200_000);
  const first = pdf.catalog.get(PDFName.of("Pages")) as PDFRef;
  // The same tree under a new object number: pdf-lib writes objects in number order.
  const tree = context.register(context.lookup(first, PDFDict));
  context.delete(first);
  pdf.catalog.set(PDFName.of("Pages"), tree);
  for (const page of pdf.getPages()) page.node.set(PDFName.of("Parent"), tree);
  filler(400_000);
  const bytes = Buffer.from(await pdf.save({ useObjectStreams: false }));
  const at = bytes.indexOf(`\n${tree.objectNumber} 0 obj`);
  const CHUNK = 128 * 1024;
  return { bytes, treeChunkStart: Math.floor(at / CHUNK) * CHUNK };
}

/**
 * A page in fonts the file does not carry: a ZapfDingbats check mark (pdf.js draws it from the
 * standard font data, there is no system equivalent) and a Japanese line in a CID font through the
 * UniJIS-UCS2-H character map, which pdf.js must fetch to read the text's codes at all.
 */
export async function unembeddedFontsPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([...LETTER]);
  const { context } = pdf;
  const dingbats = context.obj({ Type: "Font", Subtype: "Type1", BaseFont: "ZapfDingbats" });
  const mincho = "KozMinPr6N-Regular";
  const japanese = context.obj({
    Type: "Font",
    Subtype: "Type0",
    BaseFont: mincho,
    Encoding: "UniJIS-UCS2-H",
    DescendantFonts: [
      context.obj({
        Type: "Font",
        Subtype: "CIDFontType0",
        BaseFont: mincho,
        CIDSystemInfo: { Registry: PDFString.of("Adobe"), Ordering: PDFString.of("Japan1"), Supplement: 6 },
        FontDescriptor: context.obj({
          Type: "FontDescriptor",
          FontName: mincho,
          Flags: 4,
          FontBBox: [0, -200, 1000, 900],
          ItalicAngle: 0,
          Ascent: 880,
          Descent: -120,
          CapHeight: 700,
          StemV: 80,
        }),
        DW: 1000,
      }),
    ],
  });
  page.node.set(PDFName.of("Resources"), context.obj({ Font: { Z: dingbats, J: japanese } }));
  // "4" is ZapfDingbats' heavy check mark; <30423044> is あい in UCS-2.
  const content = "BT /Z 48 Tf 72 650 Td (4) Tj ET\nBT /J 36 Tf 72 550 Td <30423044> Tj ET";
  page.node.set(PDFName.of("Contents"), context.register(context.stream(content)));
  return Buffer.from(await pdf.save());
}
