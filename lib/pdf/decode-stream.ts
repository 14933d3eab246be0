import { inflateSync, constants } from "node:zlib";
import { decodePDFRawStream, PDFArray, PDFName, PDFRawStream, type PDFDict, type PDFStream } from "pdf-lib";

export class DecodedTooLargeError extends Error {
  constructor(limit: number) {
    super(`A content stream inflates past ${Math.round(limit / 1024 / 1024)} MB.`);
    this.name = "DecodedTooLargeError";
  }
}

/**
 * The decoded bytes of a content stream, never more than `maxBytes`. Plain FlateDecode (the
 * common case) goes through zlib with a hard output cap; other filter chains through pdf-lib.
 * Truncated deflate data is decoded as far as it goes, as PDF readers do.
 */
export function decodeStream(stream: PDFStream, maxBytes: number): Uint8Array {
  const filters = filterNames(stream.dict);
  const raw = stream instanceof PDFRawStream ? stream.contents : stream.getContents();
  if (filters.length === 0) return raw;
  if (filters.length === 1 && filters[0] === "FlateDecode" && !stream.dict.has(PDFName.of("DecodeParms"))) {
    try {
      return inflateSync(raw, { maxOutputLength: maxBytes, finishFlush: constants.Z_SYNC_FLUSH });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") throw new DecodedTooLargeError(maxBytes);
      throw error;
    }
  }
  if (!(stream instanceof PDFRawStream)) return raw;
  const decoded = decodePDFRawStream(stream).decode();
  if (decoded.length > maxBytes) throw new DecodedTooLargeError(maxBytes);
  return decoded;
}

function filterNames(dict: PDFDict): string[] {
  const filter = dict.lookup(PDFName.of("Filter"));
  if (filter instanceof PDFName) return [filter.decodeText()];
  if (filter instanceof PDFArray) return filter.asArray().map((f) => (f instanceof PDFName ? f.decodeText() : ""));
  return [];
}
