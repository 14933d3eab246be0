import type { FileHandle } from "node:fs/promises";
import { ApiError } from "../errors";
import { openZipEntry, type ZipDirectoryEntry } from "./zip-directory";

export type ZipBounds = { maxUncompressedBytes: number; maxRatio: number };

const XML_PART = /\.(xml|rels|vml)$/i;
const ENTITY_DECLARATION = "<!ENTITY";

/**
 * Refuses an office file's ZIP that would cost far more to open than its size: more declared bytes
 * than `maxUncompressedBytes` in all, or more than `maxRatio` times the file's size (a zip bomb), an
 * entry that inflates past what it declares (a bomb that lies), and an XML part declaring entities
 * (a billion laughs; office formats never declare any). Every entry is inflated here, counted and
 * dropped as it streams, so LibreOffice only ever gets an archive whose cost is known.
 */
export async function guardOfficeZip(path: string, file: FileHandle, fileSize: number, entries: ZipDirectoryEntry[], bounds: ZipBounds) {
  const declared = entries.reduce((sum, entry) => sum + entry.size, 0);
  const limitMb = Math.round(bounds.maxUncompressedBytes / 1024 / 1024);
  const bomb = () =>
    new ApiError(
      "bad_request",
      `The file unpacks to more than ${limitMb} MB or more than ${bounds.maxRatio} times its size (it may be a zip bomb), so it is not converted. Save it again from its application and upload that.`,
    );
  if (declared > bounds.maxUncompressedBytes || declared > fileSize * bounds.maxRatio) throw bomb();
  for (const entry of entries) {
    if (entry.name.endsWith("/")) continue;
    let inflated = 0;
    let carry = "";
    const stream = await openZipEntry(path, file, entry);
    const scan = XML_PART.test(entry.name);
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        inflated += chunk.length;
        if (inflated > entry.size) throw bomb();
        if (scan) {
          const text = carry + chunk.toString("latin1");
          if (text.includes(ENTITY_DECLARATION)) {
            throw new ApiError(
              "bad_request",
              `${entry.name} inside the file declares XML entities (it may be an entity bomb); office files never need them. Save it again from its application and upload that.`,
            );
          }
          carry = text.slice(-ENTITY_DECLARATION.length);
        }
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError("bad_request", `The file is a damaged archive (${entry.name} cannot be unpacked). Save it again and upload that.`);
    } finally {
      stream.destroy();
    }
  }
}
