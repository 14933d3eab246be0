import { constants, createDeflate, inflateSync } from "node:zlib";
import { PDFDocument, PDFName, PDFRef, PDFString, StandardFonts, type PDFContext, type PDFDict } from "pdf-lib";

/**
 * PDFs built to smuggle later pages past a gate, each page carrying the marker `PWMARK-P<n>` (and
 * variants like `PWMARK-P<n>-xobject`) so a test can prove which pages' material a file holds.
 */
export const marker = (page: number, what = "") => `PWMARK-P${page}${what ? `-${what}` : ""}`;

const PAGES = 5;
const text = (page: number, what = "", y = 700) => `BT /F1 18 Tf 72 ${y} Td (${marker(page, what)}) Tj ET\n`;

type Built = { pdf: PDFDocument; context: PDFContext; pages: PDFRef[]; font: PDFRef };

async function basePdf(options: { sharedResources?: boolean } = {}): Promise<Built> {
  const pdf = await PDFDocument.create();
  const font = (await pdf.embedFont(StandardFonts.Helvetica)).ref;
  const { context } = pdf;
  const pages: PDFRef[] = [];
  for (let n = 1; n <= PAGES; n++) {
    const page = pdf.addPage([612, 792]);
    page.node.set(PDFName.of("Contents"), context.register(context.flateStream(text(n))));
    if (options.sharedResources) page.node.delete(PDFName.of("Resources"));
    else page.node.set(PDFName.of("Resources"), context.obj({ Font: { F1: font } }));
    pages.push(page.ref);
  }
  return { pdf, context, pages, font };
}

const save = async (pdf: PDFDocument) => Buffer.from(await pdf.save({ useObjectStreams: true }));
const form = (context: PDFContext, content: string, resources?: PDFDict) =>
  context.register(
    context.flateStream(content, { Type: "XObject", Subtype: "Form", BBox: [0, 0, 612, 792], ...(resources && { Resources: resources }) }),
  );

/** Every page inherits one resources dictionary from the page tree; each page draws its own form. */
async function sharedResources(): Promise<Buffer> {
  const { pdf, context, font } = await basePdf({ sharedResources: true });
  const xobjects: Record<string, PDFRef> = {};
  for (let n = 1; n <= PAGES; n++) {
    xobjects[`X${n}`] = form(context, text(n, "xobject", 600), context.obj({ Font: { F1: font } }));
    // A form without resources of its own takes the page's: its names must be pruned too.
    xobjects[`Y${n}`] = form(context, text(n, "inherits", 500));
    const page = pdf.getPage(n - 1);
    page.node.set(PDFName.of("Contents"), context.register(context.flateStream(`${text(n)}/X${n} Do /Y${n} Do\n`)));
  }
  pdf.catalog.Pages().set(PDFName.of("Resources"), context.obj({ Font: { F1: font }, XObject: xobjects }));
  return save(pdf);
}

/** Page 1 links to page 5 directly and through a named destination; an outline points at page 4. */
async function linksAndOutlines(): Promise<Buffer> {
  const { pdf, context, pages } = await basePdf();
  const link = (extra: Record<string, unknown>) =>
    context.register(context.obj({ Type: "Annot", Subtype: "Link", Rect: [72, 600, 300, 620], Border: [0, 0, 0], ...extra }));
  const later = pages[4]!;
  pdf
    .getPage(0)
    .node.set(
      PDFName.of("Annots"),
      context.obj([
        link({ Dest: [later, PDFName.of("Fit")] }),
        link({ A: { S: "GoTo", D: PDFString.of("later") } }),
        link({ A: { S: "URI", URI: PDFString.of(`https://example.com/${marker(5, "uri")}`) } }),
      ]),
    );
  pdf.catalog.set(PDFName.of("Names"), context.obj({ Dests: { Names: [PDFString.of("later"), context.obj([later, PDFName.of("Fit")])] } }));
  const outlineItem = context.nextRef();
  const outlines = context.register(context.obj({ Type: "Outlines", First: outlineItem, Last: outlineItem, Count: 1 }));
  context.assign(
    outlineItem,
    context.obj({ Title: PDFString.of(marker(4, "outline")), Parent: outlines, Dest: [pages[3]!, PDFName.of("Fit")] }),
  );
  pdf.catalog.set(PDFName.of("Outlines"), outlines);
  return save(pdf);
}

/** One form field with a widget on page 1 and one on page 4, whose appearance shows page 4's marker. */
async function formFieldAcrossPages(): Promise<Buffer> {
  const { pdf, context, pages, font } = await basePdf();
  const field = context.nextRef();
  const widget = (page: number) =>
    context.register(
      context.obj({
        Type: "Annot",
        Subtype: "Widget",
        Parent: field,
        P: pages[page - 1]!,
        Rect: [72, 400, 372, 430],
        Contents: PDFString.of(marker(page, "widget-contents")),
        AP: { N: form(context, text(page, "widget", 10), context.obj({ Font: { F1: font } })) },
      }),
    );
  const first = widget(1);
  const fourth = widget(4);
  context.assign(field, context.obj({ FT: "Tx", T: PDFString.of("shared"), V: PDFString.of("value"), Kids: [first, fourth] }));
  pdf.getPage(0).node.set(PDFName.of("Annots"), context.obj([first]));
  pdf.getPage(3).node.set(PDFName.of("Annots"), context.obj([fourth]));
  pdf.catalog.set(PDFName.of("AcroForm"), context.obj({ Fields: [field], DR: { Font: { F1: font } } }));
  return save(pdf);
}

/** Document-level material: an attachment, page labels, a structure tree, JavaScript, metadata, a thumbnail. */
async function documentLevel(): Promise<Buffer> {
  const { pdf, context, pages } = await basePdf();
  const attachment = context.register(context.flateStream(`attached ${marker(5, "attachment")}`, { Type: "EmbeddedFile" }));
  const filespec = context.register(context.obj({ Type: "Filespec", F: PDFString.of("later.txt"), EF: { F: attachment } }));
  const script = context.register(context.obj({ S: "JavaScript", JS: PDFString.of(`app.alert("${marker(5, "js")}")`) }));
  pdf.catalog.set(
    PDFName.of("Names"),
    context.obj({ EmbeddedFiles: { Names: [PDFString.of("later.txt"), filespec] }, JavaScript: { Names: [PDFString.of("s"), script] } }),
  );
  pdf.catalog.set(PDFName.of("OpenAction"), script);
  pdf.catalog.set(PDFName.of("PageLabels"), context.obj({ Nums: [0, { S: "D" }, 3, { P: PDFString.of(marker(4, "label")) }] }));
  const structRoot = context.nextRef();
  const element = context.register(
    context.obj({ Type: "StructElem", S: "P", P: structRoot, Pg: pages[4]!, Alt: PDFString.of(marker(5, "struct")) }),
  );
  context.assign(structRoot, context.obj({ Type: "StructTreeRoot", K: [element] }));
  pdf.catalog.set(PDFName.of("StructTreeRoot"), structRoot);
  pdf.catalog.set(
    PDFName.of("Metadata"),
    context.register(context.stream(`<x:xmpmeta>${marker(5, "xmp")}</x:xmpmeta>`, { Type: "Metadata", Subtype: "XML" })),
  );
  pdf.setTitle(marker(5, "info-title"));
  pdf.setSubject(marker(5, "info-subject"));
  const firstPage = pdf.getPage(0).node;
  firstPage.set(PDFName.of("Thumb"), context.register(context.flateStream(marker(5, "thumb"), { Width: 1, Height: 1 })));
  firstPage.set(PDFName.of("PieceInfo"), context.obj({ App: { Private: PDFString.of(marker(5, "pieceinfo")) } }));
  firstPage.set(PDFName.of("StructParents"), context.obj(0));
  return save(pdf);
}

/**
 * An incrementally updated file: revision 1 had page 2 reading `PWMARK-P4-revision1` (material
 * later moved behind the gate); revision 2 replaces page 2's content. A reader that gets the
 * whole file could read revision 1.
 */
async function incrementalUpdate(): Promise<Buffer> {
  const { pdf, context } = await basePdf();
  const page2 = pdf.getPage(1);
  const oldContent = context.register(context.stream(`${text(2)}${text(4, "revision1", 500)}`));
  page2.node.set(PDFName.of("Contents"), oldContent);
  const first = Buffer.from(await pdf.save({ useObjectStreams: false }));
  const previousXref = Number(/startxref\s+(\d+)/.exec(first.toString("latin1").slice(-64))![1]);

  const pageRef = page2.ref;
  const contentNumber = context.largestObjectNumber + 1;
  const newContent = text(2);
  const pageDict = page2.node.clone(context);
  pageDict.set(PDFName.of("Contents"), PDFRef.of(contentNumber));
  const objects = [
    { number: pageRef.objectNumber, body: pageDict.toString() },
    { number: contentNumber, body: `<< /Length ${newContent.length} >>\nstream\n${newContent}\nendstream` },
  ];
  let offset = first.length;
  const chunks: string[] = [];
  const entries: string[] = [];
  for (const object of objects) {
    const chunk = `\n${object.number} 0 obj\n${object.body}\nendobj\n`;
    entries.push(`${object.number} 1\n${String(offset + 1).padStart(10, "0")} 00000 n \n`);
    chunks.push(chunk);
    offset += Buffer.byteLength(chunk, "latin1");
  }
  const xrefOffset = offset;
  const trailer = `xref\n${entries.join("")}trailer\n<< /Size ${contentNumber + 1} /Root ${context.trailerInfo.Root!.toString()} /Prev ${previousXref} >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.concat([first, Buffer.from(chunks.join("") + trailer, "latin1")]);
}

export const HOSTILE_PDFS = {
  "resources shared through the page tree": sharedResources,
  "links, named destinations and outlines to later pages": linksAndOutlines,
  "a form field whose widgets span pages": formFieldAcrossPages,
  "attachment, page labels, structure tree, JavaScript, metadata, thumbnail": documentLevel,
  "an incremental update over earlier content": incrementalUpdate,
} as const;
export const HOSTILE_PAGE_COUNT = PAGES;

/**
 * Every marker found anywhere in a file: in its raw bytes and in every stream inflated (object
 * streams included), as literal text, hex strings or UTF-16.
 */
export function markersIn(file: Uint8Array): Set<string> {
  const texts = [Buffer.from(file).toString("latin1")];
  const raw = Buffer.from(file);
  let at = 0;
  for (;;) {
    const start = raw.indexOf("stream", at, "latin1");
    if (start < 0) break;
    let dataStart = start + "stream".length;
    if (raw[dataStart] === 0x0d) dataStart++;
    if (raw[dataStart] === 0x0a) dataStart++;
    const end = raw.indexOf("endstream", dataStart, "latin1");
    if (end < 0) break;
    try {
      texts.push(inflateSync(raw.subarray(dataStart, end), { finishFlush: constants.Z_SYNC_FLUSH }).toString("latin1"));
    } catch {
      // Not deflated: its raw bytes are already searched.
    }
    at = end + "endstream".length;
  }
  const found = new Set<string>();
  const pattern = /PWMARK-P\d+(?:-[a-z0-9-]+)?/g;
  for (const body of texts) {
    for (const match of body.matchAll(pattern)) found.add(match[0]);
    for (const hex of body.matchAll(/<([0-9A-Fa-f\s]{16,})>/g)) {
      const decoded = Buffer.from(hex[1]!.replace(/\s+/g, ""), "hex");
      for (const text of [decoded.toString("latin1"), decoded.toString("utf16le"), swap16(decoded).toString("utf16le")]) {
        for (const match of text.matchAll(pattern)) found.add(match[0]);
      }
    }
    for (const match of body.replace(/\0/g, "").matchAll(pattern)) found.add(match[0]);
  }
  return found;
}

const swap16 = (buffer: Buffer) => Buffer.from(buffer.subarray(0, buffer.length - (buffer.length % 2))).swap16();

/** The page a marker belongs to. */
export const markerPage = (found: string) => Number(/^PWMARK-P(\d+)/.exec(found)![1]);

/** `inflatedBytes` zeros, deflated in chunks, so deflating 1 GB costs the builder no memory. */
export async function deflatedZeros(inflatedBytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => deflate.on("end", resolve));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < inflatedBytes; written += zeros.length) {
    if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once("drain", resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

/** A small PDF whose one object stream inflates to `inflatedBytes` (zeros): a compression bomb. */
export async function compressionBomb(inflatedBytes: number): Promise<Buffer> {
  const payload = await deflatedZeros(inflatedBytes);
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let size = 0;
  const add = (chunk: string | Buffer) => {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk, "latin1") : chunk;
    parts.push(buffer);
    size += buffer.length;
  };
  add("%PDF-1.7\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
  ];
  objects.forEach((body, i) => {
    offsets.push(size);
    add(`${i + 1} 0 obj\n${body}\nendobj\n`);
  });
  offsets.push(size);
  add(`4 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${payload.length} >>\nstream\n`);
  add(payload);
  add("\nendstream\nendobj\n");
  const xref = size;
  add(`xref\n0 5\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`);
  add(`trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}
