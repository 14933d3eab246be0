import { open, type FileHandle } from "node:fs/promises";
import { ApiError } from "../errors";
import { extensionOf, kindNamedBy, MACRO_EXTENSIONS, UPLOAD_KINDS, type UploadKind } from "./upload-types";
import { openZipEntry, readZipDirectory, ZipUnreadable, type ZipDirectoryEntry } from "./zip-directory";
import { guardOfficeZip, type ZipBounds } from "./zip-guard";

export type SniffedFile = { path: string; size: number; filename: string };

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const ZIP_MAGIC = Buffer.from("PK\x03\x04", "latin1");
const PDF_MAGIC = Buffer.from("%PDF-", "latin1");
const RTF_MAGIC = Buffer.from("{\\rtf", "latin1");
const HEAD_BYTES = 64 * 1024;

/** The main part of each OOXML kind, and the mimetype of each OpenDocument kind. */
const OOXML_PARTS: ReadonlyArray<[string, UploadKind]> = [
  ["word/document.xml", "docx"],
  ["xl/workbook.xml", "xlsx"],
  ["ppt/presentation.xml", "pptx"],
];
const ODF_MIMETYPES: Record<string, UploadKind> = {
  [UPLOAD_KINDS.odt.mime]: "odt",
  [UPLOAD_KINDS.ods.mime]: "ods",
  [UPLOAD_KINDS.odp.mime]: "odp",
};
/** The stream names (UTF-16LE, as a compound file's directory holds them) of each legacy kind, and of a VBA project. */
const utf16 = (name: string) => Buffer.from(`${name}\0`, "utf16le");
const OLE_STREAMS: ReadonlyArray<[Buffer, UploadKind]> = [
  [utf16("WordDocument"), "doc"],
  [utf16("PowerPoint Document"), "ppt"],
  [utf16("Workbook"), "xls"],
  [utf16("Book"), "xls"],
];
const OLE_MACROS = utf16("_VBA_PROJECT");

const macroRefusal = (filename: string) =>
  new ApiError(
    "bad_request",
    `${filename} contains macros, which this server never runs. Save it without macros (as .docx, .xlsx or .pptx) and upload that.`,
  );

/**
 * What an upload is, told by its bytes and never by its name alone: a PDF, an image, RTF, a legacy
 * Office compound file (which of Word, Excel, PowerPoint by its streams), an OOXML or OpenDocument
 * ZIP (by its parts; guarded against bombs before anything opens it), or CSV (text, named .csv).
 * Refused with 400: a macro-enabled file, a name naming one kind over bytes of another, and bytes
 * of no kind taken (the message names them, `takes`).
 */
export async function sniffUpload(file: SniffedFile, bounds: ZipBounds, takes: string): Promise<UploadKind> {
  const extension = extensionOf(file.filename);
  if ((MACRO_EXTENSIONS as readonly string[]).includes(extension)) throw macroRefusal(file.filename);
  const handle = await open(file.path, "r");
  let kind: UploadKind | null;
  try {
    kind = await kindOfContent(handle, file, extension, bounds);
  } finally {
    await handle.close();
  }
  if (!kind) {
    throw new ApiError(
      "bad_request",
      `The file is not a PDF (it does not start with %PDF-) nor another type this server takes. It takes: ${takes}.`,
    );
  }
  const named = kindNamedBy(extension);
  if (named && named !== kind) {
    throw new ApiError(
      "bad_request",
      `${file.filename} is named as .${extension} but is ${article(kind)} inside. Upload it under its own name (.${UPLOAD_KINDS[kind].extensions[0]}), or export it again as .${extension}.`,
    );
  }
  return kind;
}

const article = (kind: UploadKind) =>
  kind === "pdf" ? "a PDF" : kind === "csv" ? "CSV text" : `a .${UPLOAD_KINDS[kind].extensions[0]} file`;

async function kindOfContent(handle: FileHandle, file: SniffedFile, extension: string, bounds: ZipBounds): Promise<UploadKind | null> {
  const buffer = Buffer.alloc(Math.min(HEAD_BYTES, file.size));
  const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
  const head = buffer.subarray(0, bytesRead);
  const startsWith = (magic: Buffer) => head.subarray(0, magic.length).equals(magic);
  if (startsWith(PDF_MAGIC)) return "pdf";
  if (startsWith(PNG_MAGIC)) return "png";
  if (startsWith(JPEG_MAGIC)) return "jpg";
  if (startsWith(RTF_MAGIC)) return "rtf";
  if (startsWith(OLE_MAGIC)) return oleKind(file);
  if (startsWith(ZIP_MAGIC)) return zipKind(handle, file, bounds);
  if (extension === "csv" && looksLikeText(head)) return "csv";
  return null;
}

async function zipKind(handle: FileHandle, file: SniffedFile, bounds: ZipBounds): Promise<UploadKind | null> {
  let entries: ZipDirectoryEntry[];
  try {
    entries = await readZipDirectory(handle, file.size);
  } catch (error) {
    if (error instanceof ZipUnreadable) return null;
    throw error;
  }
  const names = new Set(entries.map((entry) => entry.name));
  let kind: UploadKind | null = null;
  if (names.has("[Content_Types].xml")) {
    if (entries.some((entry) => /(^|\/)vbaProject\.bin$/i.test(entry.name))) throw macroRefusal(file.filename);
    kind = OOXML_PARTS.find(([part]) => names.has(part))?.[1] ?? null;
  } else {
    const mimetype = entries.find((entry) => entry.name === "mimetype");
    if (entries.some((entry) => /^(Basic|Scripts)\//.test(entry.name))) throw macroRefusal(file.filename);
    if (mimetype && mimetype.size < 200) kind = ODF_MIMETYPES[await entryText(file.path, handle, mimetype)] ?? null;
  }
  if (kind) await guardOfficeZip(file.path, handle, file.size, entries, bounds);
  return kind;
}

async function entryText(path: string, handle: FileHandle, entry: ZipDirectoryEntry): Promise<string> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of (await openZipEntry(path, handle, entry)) as AsyncIterable<Buffer>) chunks.push(chunk);
  } catch {
    return "";
  }
  return Buffer.concat(chunks).toString("latin1").trim();
}

/** A legacy Office file's kind by the streams its directory names; read in slices, the whole file at most. */
async function oleKind(file: SniffedFile): Promise<UploadKind | null> {
  const overlap = 64;
  let found: UploadKind | null = null;
  let macros = false;
  let previous = Buffer.alloc(0);
  const handle = await open(file.path, "r");
  try {
    const slice = Buffer.alloc(1024 * 1024);
    for (let position = 0; position < file.size; position += slice.length) {
      const { bytesRead } = await handle.read(slice, 0, slice.length, position);
      const window = Buffer.concat([previous, slice.subarray(0, bytesRead)]);
      found ??= OLE_STREAMS.find(([name]) => window.includes(name))?.[1] ?? null;
      macros ||= window.includes(OLE_MACROS);
      previous = Buffer.from(window.subarray(Math.max(0, window.length - overlap)));
    }
  } finally {
    await handle.close();
  }
  if (macros) throw macroRefusal(file.filename);
  return found;
}

/** Text as a CSV holds it: no NUL byte, and no other control characters than tab, CR, LF and form feed. */
function looksLikeText(head: Buffer): boolean {
  return head.length > 0 && head.every((byte) => byte >= 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x0c);
}
