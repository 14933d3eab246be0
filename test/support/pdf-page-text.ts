import { PDFArray, PDFDocument, PDFStream } from "pdf-lib";
import { decodeStream } from "../../lib/pdf/decode-stream";

const SHOWN_STRING = /<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g;

/**
 * The strings each page's content streams show (`Tj` operands, hex or literal), decoded with the
 * product's own stream decoder: what a file's page content says, whatever a renderer makes of it.
 */
export async function shownStrings(bytes: Uint8Array): Promise<string[][]> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  return document.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => document.context.lookup(ref)) : [contents];
    const text = streams
      .filter((stream): stream is PDFStream => stream instanceof PDFStream)
      .map((stream) => Buffer.from(decodeStream(stream, 64 * 1024 * 1024)).toString("latin1"))
      .join("\n");
    return [...text.matchAll(SHOWN_STRING)].map(([, hex, literal]) =>
      hex !== undefined ? Buffer.from(hex.replace(/\s/g, ""), "hex").toString("latin1") : literal!.replace(/\\(.)/g, "$1"),
    );
  });
}

/** The text pdf.js extracts from each page: what a reader's text layer and search see. */
export async function extractedPageText(bytes: Uint8Array): Promise<string[]> {
  const { extractText, getDocumentProxy } = await import("unpdf");
  return (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false })).text;
}
