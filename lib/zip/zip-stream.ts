import { Readable } from "node:stream";
import { crc32 } from "node:zlib";
import { now } from "../time";
import { centralHeader, dataDescriptor, dosTime, endRecords, localHeader, MAX_32, type WrittenEntry } from "./zip-records";

export type ZipBody = Readable | ReadableStream<Uint8Array>;

/** What an entry's `open` gives: its bytes, with their length when it is known (as storage reads give it). */
export type ZipSource = ZipBody | { body: ZipBody; size: number };

export type ZipEntry = {
  /** Its path in the archive, folders joined by `/`: relative, no `.` or `..` parts, no backslashes. */
  path: string;
  /** Its length when known before it is opened: needed by `zipSize`, and checked against what is read. */
  size?: number;
  modifiedAt?: Date;
  /** Called when the entry's turn comes, so one source is open at a time. */
  open: () => Promise<ZipSource>;
};

/**
 * A ZIP of the entries in their order, made as it is read: each entry is opened in turn and its
 * chunks pass straight through (STORE: PDFs are compressed already), its CRC-32 computed on the
 * way. Only the central directory's few dozen bytes per entry are kept, so memory does not grow
 * with the files' sizes. A failure (an entry that cannot be opened, or whose length differs from
 * what was declared) errors the stream: a reader never gets a well-formed archive missing a file.
 */
export function zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>): ReadableStream<Uint8Array> {
  const chunks = zipChunks(entries);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await chunks.return();
      },
    },
    // Nothing is read ahead of the consumer: each chunk is made when it is asked for.
    { highWaterMark: 0 },
  );
}

/** The archive's exact length in bytes, for entries whose sizes are all known (a Content-Length). */
export function zipSize(entries: readonly { path: string; size: number }[]): number {
  let offset = 0;
  let directorySize = 0;
  const time = dosTime(now());
  for (const entry of entries) {
    const name = entryName(entry.path);
    const zip64 = entry.size >= MAX_32;
    const written = { name, time, crc: 0, size: entry.size, offset, zip64 };
    offset += localHeader(name, time, zip64).length + entry.size + dataDescriptor(0, entry.size, zip64).length;
    directorySize += centralHeader(written).length;
  }
  return offset + directorySize + endRecords(entries.length, offset, directorySize).length;
}

async function* zipChunks(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>): AsyncGenerator<Uint8Array, void, undefined> {
  const written: WrittenEntry[] = [];
  const paths = new Set<string>();
  const startedAt = now();
  let offset = 0;
  for await (const entry of entries) {
    if (paths.has(entry.path)) throw new Error(`Two ZIP entries at ${entry.path}`);
    paths.add(entry.path);
    const name = entryName(entry.path);
    const time = dosTime(entry.modifiedAt ?? startedAt);
    const { body, size: declared } = await opened(entry);
    // Sizes unknown until the end, or past 32 bits, go in 64-bit fields.
    const zip64 = declared === undefined || declared >= MAX_32;
    const header = localHeader(name, time, zip64);
    let crc = 0;
    let size = 0;
    try {
      yield header;
      for await (const chunk of chunksOf(body)) {
        const bytes = chunk instanceof Uint8Array ? chunk : Buffer.from(chunk as string);
        crc = crc32(bytes, crc);
        size += bytes.length;
        yield bytes;
      }
    } finally {
      // Also when the reader stops between the header and the data.
      await close(body);
    }
    if (declared !== undefined && size !== declared)
      throw new Error(`ZIP entry ${entry.path} has ${size} bytes; ${declared} were declared`);
    const descriptor = dataDescriptor(crc, size, zip64);
    yield descriptor;
    written.push({ name, time, crc, size, offset, zip64 });
    offset += header.length + size + descriptor.length;
  }
  let directorySize = 0;
  for (const entry of written) {
    const record = centralHeader(entry);
    directorySize += record.length;
    yield record;
  }
  yield endRecords(written.length, offset, directorySize);
}

/** The entry's source, its declared size checked against what the source itself reports. */
async function opened(entry: ZipEntry): Promise<{ body: ZipBody; size: number | undefined }> {
  const source = await entry.open();
  const { body, size } = source instanceof Readable || source instanceof ReadableStream ? { body: source, size: undefined } : source;
  if (size !== undefined && entry.size !== undefined && size !== entry.size) {
    await close(body);
    throw new Error(`ZIP entry ${entry.path} opened with ${size} bytes; ${entry.size} were declared`);
  }
  return { body, size: size ?? entry.size };
}

// Node's web streams are async iterable; the DOM typings the app compiles with do not say so.
const chunksOf = (body: ZipBody): AsyncIterable<unknown> =>
  body instanceof Readable ? body : (body as unknown as AsyncIterable<Uint8Array>);

async function close(body: ZipBody) {
  if (body instanceof Readable) body.destroy();
  else if (!body.locked) await body.cancel();
}

/** The path as UTF-8 bytes, refused when an extractor could write it outside its folder. */
function entryName(path: string): Uint8Array {
  const parts = path.split("/");
  if (path.includes("\\") || path.includes("\0") || parts.some((part) => part === "" || part === "." || part === "..")) {
    throw new Error(`Unsafe ZIP entry path: ${JSON.stringify(path)}`);
  }
  const name = Buffer.from(path, "utf8");
  if (name.length > 0xffff) throw new Error("ZIP entry path longer than 65,535 bytes");
  return name;
}
