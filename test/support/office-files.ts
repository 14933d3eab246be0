import { crc32, deflateRawSync } from "node:zlib";

/**
 * Office files made by hand for tests and benches: the least OOXML and OpenDocument LibreOffice
 * reads, zipped by `zipOf` (DEFLATE, or STORE as ODF's mimetype must be), and hostile variants.
 */
export type ZipPart = { name: string; data: Buffer | string; store?: boolean; declaredSize?: number };

/** A ZIP of the parts in order; `declaredSize` makes an entry lie about its size (a bomb that lies). */
export function zipOf(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const raw = Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data);
    const data = part.store ? raw : deflateRawSync(raw);
    const name = Buffer.from(part.name);
    const crc = crc32(raw);
    const size = part.declaredSize ?? raw.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.store ? 0 : 8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(part.store ? 0 : 8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const escape = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
const RELS_TYPE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument";
const rootRels = (target: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELS_TYPE}" Target="${target}"/></Relationships>`;
const contentTypes = (overrides: ReadonlyArray<[string, string]>) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides
    .map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`)
    .join("")}</Types>`;

/** The body of a .docx: `pages` pages, page N saying `${text} N`; `extra` is XML added to the document's body (before its end). */
export function docxParts(pages: number, text: string, extra = ""): ZipPart[] {
  const paragraphs = Array.from({ length: pages }, (_, i) => {
    const pageBreak = i < pages - 1 ? `<w:r><w:br w:type="page"/></w:r>` : "";
    return `<w:p><w:r><w:t>${escape(`${text} ${i + 1}`)}</w:t></w:r>${pageBreak}</w:p>`;
  }).join("");
  return [
    {
      name: "[Content_Types].xml",
      data: contentTypes([["/word/document.xml", "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"]]),
    },
    { name: "_rels/.rels", data: rootRels("word/document.xml") },
    {
      name: "word/document.xml",
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:body>${paragraphs}${extra}</w:body></w:document>`,
    },
  ];
}

export const docx = (pages: number, text: string) => zipOf(docxParts(pages, text));

/** An .xlsx of `sheets` sheets, each `rows` rows of three cells, the first saying `${text} <sheet>`. */
export function xlsx(sheets: number, rows: number, text: string): Buffer {
  const ids = Array.from({ length: sheets }, (_, i) => i + 1);
  const sheetXml = (sheet: number) => {
    const body: string[] = [];
    for (let row = 1; row <= rows; row++) {
      const label =
        row === 1 ? `<c r="A1" t="inlineStr"><is><t>${escape(`${text} ${sheet}`)}</t></is></c>` : `<c r="A${row}"><v>${row}</v></c>`;
      body.push(`<row r="${row}">${label}<c r="B${row}"><v>${row * 2}</v></c><c r="C${row}"><v>${row * 3}</v></c></row>`);
    }
    return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body.join("")}</sheetData></worksheet>`;
  };
  const SHEET_TYPE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet";
  return zipOf([
    {
      name: "[Content_Types].xml",
      data: contentTypes([
        ["/xl/workbook.xml", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"],
        ...ids.map((id): [string, string] => [
          `/xl/worksheets/sheet${id}.xml`,
          "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml",
        ]),
      ]),
    },
    { name: "_rels/.rels", data: rootRels("xl/workbook.xml") },
    {
      name: "xl/workbook.xml",
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${ids
        .map((id) => `<sheet name="Sheet${id}" sheetId="${id}" r:id="rId${id}"/>`)
        .join("")}</sheets></workbook>`,
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${ids
        .map((id) => `<Relationship Id="rId${id}" Type="${SHEET_TYPE}" Target="worksheets/sheet${id}.xml"/>`)
        .join("")}</Relationships>`,
    },
    ...ids.map((id) => ({ name: `xl/worksheets/sheet${id}.xml`, data: sheetXml(id) })),
  ]);
}

const ODF_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" office:version="1.2"';

function odf(mimetype: string, body: string, styles = ""): Buffer {
  return zipOf([
    { name: "mimetype", data: mimetype, store: true },
    {
      name: "META-INF/manifest.xml",
      data: `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="${mimetype}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
    },
    {
      name: "content.xml",
      data: `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NS}>${styles}<office:body>${body}</office:body></office:document-content>`,
    },
  ]);
}

/** An .odt of `pages` pages (a page break before each after the first), page N saying `${text} N`. */
export function odt(pages: number, text: string): Buffer {
  const styles = `<office:automatic-styles><style:style style:name="Break" style:family="paragraph"><style:paragraph-properties fo:break-before="page"/></style:style></office:automatic-styles>`;
  const paragraphs = Array.from(
    { length: pages },
    (_, i) => `<text:p${i > 0 ? ' text:style-name="Break"' : ""}>${escape(`${text} ${i + 1}`)}</text:p>`,
  ).join("");
  return odf("application/vnd.oasis.opendocument.text", `<office:text>${paragraphs}</office:text>`, styles);
}

/** An .odp of `slides` slides, slide N saying `${text} N`. */
export function odp(slides: number, text: string): Buffer {
  const pages = Array.from(
    { length: slides },
    (_, i) =>
      `<draw:page draw:name="Slide${i + 1}"><draw:frame svg:x="2cm" svg:y="2cm" svg:width="20cm" svg:height="3cm"><draw:text-box><text:p>${escape(`${text} ${i + 1}`)}</text:p></draw:text-box></draw:frame></draw:page>`,
  ).join("");
  return odf("application/vnd.oasis.opendocument.presentation", `<office:presentation>${pages}</office:presentation>`);
}

/** A .docx whose body holds an image linked (not embedded) by `url`: opening it must not fetch it. */
export function docxLinkingImage(url: string): Buffer {
  const picture = `<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="Picture 1"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="1" name="remote.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:link="rIdImage"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
  const withPicture = docxParts(1, "Linked image", picture);
  return zipOf([
    ...withPicture,
    {
      name: "word/_rels/document.xml.rels",
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdImage" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${url}" TargetMode="External"/></Relationships>`,
    },
  ]);
}

/**
 * A file converted by the LibreOffice on this machine (to make the formats no hand-written ZIP
 * makes well, a .pptx from an .odp), in a profile of its own.
 */
export async function convertedByLibreOffice(bytes: Buffer, from: string, to: string): Promise<Buffer> {
  const { execFile } = await import("node:child_process");
  const { mkdtemp, readFile, rm, writeFile } = await import("node:fs/promises");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  const dir = await mkdtemp(path.join(tmpdir(), "office-fixture-"));
  try {
    await writeFile(path.join(dir, `fixture.${from}`), bytes);
    await new Promise<void>((resolve, reject) =>
      execFile(
        "soffice",
        [
          `-env:UserInstallation=file://${dir}/profile`,
          "--headless",
          "--norestore",
          "--convert-to",
          to,
          "--outdir",
          dir,
          path.join(dir, `fixture.${from}`),
        ],
        { timeout: 120_000 },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
    return await readFile(path.join(dir, `fixture.${to}`));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
