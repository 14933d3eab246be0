import { createReadStream } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { Readable } from "node:stream";
import { createInflateRaw } from "node:zlib";

/** One entry as the archive's central directory declares it. */
export type ZipDirectoryEntry = { name: string; method: number; compressedSize: number; size: number; localOffset: number };

const END_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const END_LENGTH = 22;
const MAX_COMMENT = 0xffff;
/** An office file has a few hundred parts; a directory past these is not one worth converting. */
const MAX_ENTRIES = 20_000;
const MAX_DIRECTORY_BYTES = 4 * 1024 * 1024;

/** Thrown for an archive this reader will not read: the caller says what it means for the upload. */
export class ZipUnreadable extends Error {}

/**
 * The central directory of a ZIP on disk, read within bounds (its end record from the last 64 KiB,
 * at most MAX_ENTRIES entries and MAX_DIRECTORY_BYTES), without reading any entry's data. ZIP64
 * archives are refused: an office file of over 4 GiB is past every upload limit.
 */
export async function readZipDirectory(file: FileHandle, fileSize: number): Promise<ZipDirectoryEntry[]> {
  const tailLength = Math.min(fileSize, END_LENGTH + MAX_COMMENT);
  const tail = Buffer.alloc(tailLength);
  await file.read(tail, 0, tailLength, fileSize - tailLength);
  let end = -1;
  for (let at = tailLength - END_LENGTH; at >= 0; at--) {
    if (tail.readUInt32LE(at) === END_SIGNATURE) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ZipUnreadable("no end of central directory");
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw new ZipUnreadable("ZIP64");
  if (count > MAX_ENTRIES || directorySize > MAX_DIRECTORY_BYTES) throw new ZipUnreadable("too many entries");
  if (directoryOffset + directorySize > fileSize) throw new ZipUnreadable("directory past the end");
  const directory = Buffer.alloc(directorySize);
  await file.read(directory, 0, directorySize, directoryOffset);
  const entries: ZipDirectoryEntry[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw new ZipUnreadable("bad central header");
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    entries.push({
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      size: directory.readUInt32LE(at + 24),
      localOffset: directory.readUInt32LE(at + 42),
      name: directory.toString("utf8", at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** An entry's bytes as stored (stored or deflated), inflated; other compression methods are refused. */
export async function openZipEntry(path: string, file: FileHandle, entry: ZipDirectoryEntry): Promise<Readable> {
  const header = Buffer.alloc(30);
  await file.read(header, 0, 30, entry.localOffset);
  if (header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw new ZipUnreadable(`bad local header for ${entry.name}`);
  const start = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (entry.compressedSize === 0) return Readable.from([]);
  const raw = createReadStream(path, { start, end: start + entry.compressedSize - 1 });
  if (entry.method === 0) return raw;
  if (entry.method !== 8) throw new ZipUnreadable(`compression method ${entry.method}`);
  const inflate = createInflateRaw();
  raw.on("error", (error) => inflate.destroy(error));
  return raw.pipe(inflate);
}
