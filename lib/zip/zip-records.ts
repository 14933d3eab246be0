/**
 * The records of a ZIP archive as APPNOTE 6.3.10 lays them out, for entries STOREd with a data
 * descriptor (general purpose bit 3) and UTF-8 names (bit 11). All little-endian.
 */

/** A 32-bit field holding this means "see the ZIP64 extra field" (and a 16-bit count, 0xffff). */
export const MAX_32 = 0xffffffff;
export const MAX_16 = 0xffff;

const DATA_DESCRIPTOR_AND_UTF8 = 0x0008 | 0x0800;
const STORE = 0;
const VERSION_CLASSIC = 20;
const VERSION_ZIP64 = 45;
// Made by Unix, so the external attributes below are a file mode extractors apply (rw-r--r--).
const MADE_BY_UNIX = 3 << 8;
const REGULAR_FILE_MODE = 0o100644;
const ZIP64_EXTRA = 0x0001;

export type DosTime = { time: number; date: number };

/** What the central directory keeps of an entry once its data is written. */
export type WrittenEntry = {
  name: Uint8Array;
  time: DosTime;
  crc: number;
  size: number;
  /** Where its local header starts. */
  offset: number;
  /** Its local header carried a ZIP64 extra field, so its data descriptor holds 64-bit sizes. */
  zip64: boolean;
};

/** MS-DOS date and time as extractors read them: local time, two-second steps, 1980 to 2107. */
export function dosTime(at: Date): DosTime {
  const year = Math.min(Math.max(at.getFullYear(), 1980), 2107);
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

/**
 * Opens an entry. CRC and sizes follow in its data descriptor. An entry whose size is unknown or
 * 4 GiB or more says so here with a ZIP64 extra field of zero sizes, so readers take its data
 * descriptor's sizes as 64-bit.
 */
export function localHeader(name: Uint8Array, time: DosTime, zip64: boolean): Uint8Array {
  const record = new Record(30 + name.length + (zip64 ? 20 : 0));
  record.u32(0x04034b50);
  record.u16(zip64 ? VERSION_ZIP64 : VERSION_CLASSIC);
  record.u16(DATA_DESCRIPTOR_AND_UTF8);
  record.u16(STORE);
  record.u16(time.time);
  record.u16(time.date);
  record.u32(0);
  record.u32(zip64 ? MAX_32 : 0);
  record.u32(zip64 ? MAX_32 : 0);
  record.u16(name.length);
  record.u16(zip64 ? 20 : 0);
  record.bytes(name);
  if (zip64) {
    record.u16(ZIP64_EXTRA);
    record.u16(16);
    record.u64(0);
    record.u64(0);
  }
  return record.done();
}

/** Closes an entry: its CRC-32 and sizes (stored, so compressed = uncompressed). */
export function dataDescriptor(crc: number, size: number, zip64: boolean): Uint8Array {
  const record = new Record(zip64 ? 24 : 16);
  record.u32(0x08074b50);
  record.u32(crc);
  if (zip64) {
    record.u64(size);
    record.u64(size);
  } else {
    record.u32(size);
    record.u32(size);
  }
  return record.done();
}

/**
 * An entry's record in the central directory. A field that does not fit 32 bits moves to the ZIP64
 * extra field; an entry opened as ZIP64 keeps its sizes there too, so its local and central records
 * agree.
 */
export function centralHeader(entry: WrittenEntry): Uint8Array {
  const sizesIn64 = entry.zip64 || entry.size >= MAX_32;
  const offsetIn64 = entry.offset >= MAX_32;
  const extra = (sizesIn64 ? 16 : 0) + (offsetIn64 ? 8 : 0);
  const extraLength = extra === 0 ? 0 : 4 + extra;
  const version = extra === 0 ? VERSION_CLASSIC : VERSION_ZIP64;
  const record = new Record(46 + entry.name.length + extraLength);
  record.u32(0x02014b50);
  record.u16(MADE_BY_UNIX | VERSION_ZIP64);
  record.u16(version);
  record.u16(DATA_DESCRIPTOR_AND_UTF8);
  record.u16(STORE);
  record.u16(entry.time.time);
  record.u16(entry.time.date);
  record.u32(entry.crc);
  record.u32(sizesIn64 ? MAX_32 : entry.size);
  record.u32(sizesIn64 ? MAX_32 : entry.size);
  record.u16(entry.name.length);
  record.u16(extraLength);
  record.u16(0);
  record.u16(0);
  record.u16(0);
  record.u32(REGULAR_FILE_MODE * 0x10000);
  record.u32(offsetIn64 ? MAX_32 : entry.offset);
  record.bytes(entry.name);
  if (extra > 0) {
    record.u16(ZIP64_EXTRA);
    record.u16(extra);
    if (sizesIn64) {
      record.u64(entry.size);
      record.u64(entry.size);
    }
    if (offsetIn64) record.u64(entry.offset);
  }
  return record.done();
}

/**
 * Ends the archive. Past 65,534 entries, or with a central directory that starts or spans 4 GiB or
 * more, the ZIP64 end record and its locator come first and the classic record points to them.
 */
export function endRecords(entries: number, directoryOffset: number, directorySize: number): Uint8Array {
  const zip64 = entries >= MAX_16 || directoryOffset >= MAX_32 || directorySize >= MAX_32;
  const record = new Record((zip64 ? 56 + 20 : 0) + 22);
  if (zip64) {
    record.u32(0x06064b50);
    record.u64(44);
    record.u16(MADE_BY_UNIX | VERSION_ZIP64);
    record.u16(VERSION_ZIP64);
    record.u32(0);
    record.u32(0);
    record.u64(entries);
    record.u64(entries);
    record.u64(directorySize);
    record.u64(directoryOffset);

    record.u32(0x07064b50);
    record.u32(0);
    record.u64(directoryOffset + directorySize);
    record.u32(1);
  }
  record.u32(0x06054b50);
  record.u16(0);
  record.u16(0);
  record.u16(Math.min(entries, MAX_16));
  record.u16(Math.min(entries, MAX_16));
  record.u32(Math.min(directorySize, MAX_32));
  record.u32(Math.min(directoryOffset, MAX_32));
  record.u16(0);
  return record.done();
}

/** A record written field by field; `done` checks that its length was counted right. */
class Record {
  private readonly buffer: Uint8Array;
  private readonly view: DataView;
  private at = 0;

  constructor(length: number) {
    this.buffer = new Uint8Array(length);
    this.view = new DataView(this.buffer.buffer);
  }

  u16(value: number) {
    this.view.setUint16(this.at, value, true);
    this.at += 2;
  }

  u32(value: number) {
    this.view.setUint32(this.at, value, true);
    this.at += 4;
  }

  u64(value: number) {
    this.view.setBigUint64(this.at, BigInt(value), true);
    this.at += 8;
  }

  bytes(value: Uint8Array) {
    this.buffer.set(value, this.at);
    this.at += value.length;
  }

  done(): Uint8Array {
    if (this.at !== this.buffer.length) throw new Error(`ZIP record of ${this.buffer.length} bytes filled to ${this.at}`);
    return this.buffer;
  }
}
