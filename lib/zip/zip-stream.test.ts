import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, open, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { crc32 } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ZipEntry, zipSize, zipStream } from "./zip-stream";

let dir = "";
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "zip-stream-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

type Listed = { name: string; crc: number; size: number; flags: number; extract_version: number };

/**
 * The archive as Python's zipfile reads it: every entry's name, CRC, size and flags from the
 * central directory, after reading the entries named in `check` (all when left out), which checks
 * their CRCs and where their local headers are.
 */
function pythonList(file: string, check?: string[]): Listed[] {
  const script = `
import json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    for name in (sys.argv[2:] if len(sys.argv) > 2 and sys.argv[2] != "*" else z.namelist()):
        z.read(name)
    print(json.dumps([{"name": i.filename, "crc": i.CRC, "size": i.file_size, "flags": i.flag_bits, "extract_version": i.extract_version} for i in z.infolist()]))`;
  return JSON.parse(
    execFileSync("python3", ["-c", script, file, ...(check ?? ["*"])], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }),
  ) as Listed[];
}

/** `unzip -t`: Info-ZIP reads every entry and checks its CRC; throws when it finds a fault. */
const unzipTest = (file: string) => execFileSync("unzip", ["-tqq", file], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });

/** Writes the stream to a file; chunks that are `hole` itself are skipped, leaving a sparse file that reads as zeros there. */
async function writeArchive(stream: ReadableStream<Uint8Array>, file: string, hole?: Uint8Array): Promise<number> {
  const handle = await open(file, "w");
  let position = 0;
  try {
    const reader = stream.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      if (next.value !== hole) await handle.write(next.value, 0, next.value.length, position);
      position += next.value.length;
    }
    await handle.truncate(position);
  } finally {
    await handle.close();
  }
  return position;
}

const bytesOf = async (stream: ReadableStream<Uint8Array>) => Buffer.from(await new Response(stream).arrayBuffer());

const fromBuffer = (path: string, data: Buffer): ZipEntry => ({ path, size: data.length, open: async () => Readable.from([data]) });

describe("a streamed ZIP", () => {
  it("opens with Info-ZIP and Python alike: names in order, byte-identical contents, CRCs, UTF-8 names", async () => {
    const files: Array<[string, Buffer]> = [
      ["Deck.pdf", randomBytes(300_000)],
      ["Financials/Q1 – Übersicht.pdf", randomBytes(70_000)],
      ["Financials/2025/Empty.pdf", Buffer.alloc(0)],
      ["資料/契約書.pdf", randomBytes(1)],
      ["Legal/NDA.pdf", randomBytes(2_000_000)],
    ];
    // Each kind of source an entry may give: a Node stream, a web stream, a stored object with its size, sizes known or not.
    const entries: ZipEntry[] = [
      { path: files[0]![0], open: async () => Readable.from([files[0]![1].subarray(0, 5), files[0]![1].subarray(5)]) },
      { path: files[1]![0], open: async () => Readable.toWeb(Readable.from([files[1]![1]])) as ReadableStream<Uint8Array> },
      { path: files[2]![0], open: async () => ({ body: Readable.from([]), size: 0 }) },
      fromBuffer(files[3]![0], files[3]![1]),
      {
        path: files[4]![0],
        modifiedAt: new Date(2026, 10, 24, 13, 45, 30),
        open: async () => ({ body: Readable.from([files[4]![1]]), size: 2_000_000 }),
      },
    ];
    const archive = path.join(dir, "room.zip");
    await writeArchive(zipStream(entries), archive);

    unzipTest(archive);
    const listed = pythonList(archive);
    expect(listed.map(({ name, crc, size }) => ({ name, crc, size }))).toEqual(
      files.map(([name, data]) => ({ name, crc: crc32(data), size: data.length })),
    );
    expect(listed.every((entry) => (entry.flags & 0x0808) === 0x0808)).toBe(true);

    execFileSync("unzip", ["-qq", archive, "-d", path.join(dir, "out")]);
    for (const [name, data] of files) expect((await readFile(path.join(dir, "out", name))).equals(data)).toBe(true);
    expect(execFileSync("zipinfo", ["-T", archive, "Legal/NDA.pdf"], { encoding: "utf8" })).toContain("20261124.134530");
  });

  it("is exactly as long as zipSize says when every size is known", async () => {
    const entries = [
      fromBuffer("a.pdf", randomBytes(1000)),
      fromBuffer("Folder/b.pdf", randomBytes(10)),
      fromBuffer("c.pdf", Buffer.alloc(0)),
    ];
    // Per entry: local header, data, data descriptor, central directory record; then the end record.
    const expected = entries.reduce((sum, { path, size }) => sum + (30 + path.length) + size! + 16 + (46 + path.length), 22);
    expect((await bytesOf(zipStream(entries))).length).toBe(zipSize(entries.map(({ path, size }) => ({ path, size: size! }))));
    expect(zipSize(entries.map(({ path, size }) => ({ path, size: size! })))).toBe(expected);
  });

  it("opens each entry only when the reader reaches it, and holds no chunk the reader has not asked for", async () => {
    const opened: string[] = [];
    const entry = (name: string): ZipEntry => ({
      path: name,
      open: async () => {
        opened.push(name);
        return Readable.from([Buffer.from(name)]);
      },
    });
    const reader = zipStream([entry("one.pdf"), entry("two.pdf")]).getReader();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(opened).toEqual([]);
    await reader.read(); // one.pdf's local header
    expect(opened).toEqual(["one.pdf"]);
    await reader.read(); // its data
    await reader.read(); // its data descriptor
    expect(opened).toEqual(["one.pdf"]);
    await reader.read();
    expect(opened).toEqual(["one.pdf", "two.pdf"]);
    await reader.cancel();
  });

  it("closes the entry being read when the reader goes away", async () => {
    const source = new Readable({ read() {} });
    source.push(Buffer.alloc(10));
    const reader = zipStream([{ path: "a.pdf", open: async () => source }]).getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    expect(source.destroyed).toBe(true);
  });

  it("fails, instead of ending as a valid archive, when an entry cannot be opened or its length is not the one declared", async () => {
    const missing: ZipEntry = {
      path: "b.pdf",
      open: async () => {
        throw new Error("The file is missing.");
      },
    };
    await expect(bytesOf(zipStream([fromBuffer("a.pdf", Buffer.alloc(5)), missing]))).rejects.toThrow("The file is missing.");
    const short: ZipEntry = { path: "a.pdf", size: 6, open: async () => Readable.from([Buffer.alloc(5)]) };
    await expect(bytesOf(zipStream([short]))).rejects.toThrow("ZIP entry a.pdf has 5 bytes; 6 were declared");
    const changed: ZipEntry = { path: "a.pdf", size: 6, open: async () => ({ body: Readable.from([Buffer.alloc(5)]), size: 5 }) };
    await expect(bytesOf(zipStream([changed]))).rejects.toThrow("ZIP entry a.pdf opened with 5 bytes; 6 were declared");
  });

  it("refuses a path an extractor could write outside its folder, and two entries at one path", async () => {
    for (const unsafe of ["../x.pdf", "/x.pdf", "a/../../x.pdf", "a\\x.pdf", "a//x.pdf", "./x.pdf", "a/", "x\0.pdf"]) {
      await expect(bytesOf(zipStream([fromBuffer(unsafe, Buffer.alloc(1))])), unsafe).rejects.toThrow("Unsafe ZIP entry path");
    }
    await expect(bytesOf(zipStream([fromBuffer("a.pdf", Buffer.alloc(1)), fromBuffer("a.pdf", Buffer.alloc(1))]))).rejects.toThrow(
      "Two ZIP entries at a.pdf",
    );
  });
});

describe("ZIP64", () => {
  it("keeps an entry of 4 GiB and more, one after it and the central directory past 4 GiB readable (a sparse file of zeros)", async () => {
    const zeros = new Uint8Array(1024 * 1024);
    const chunks = 4 * 1024 + 1;
    const large: ZipEntry = {
      path: "Large/Scan.pdf",
      open: async () =>
        Readable.from(
          (function* () {
            for (let i = 0; i < chunks; i++) yield zeros;
          })(),
        ),
    };
    const after = randomBytes(1000);
    const archive = path.join(dir, "large.zip");
    const length = await writeArchive(
      zipStream([fromBuffer("before.pdf", Buffer.from("x")), large, fromBuffer("after.pdf", after)]),
      archive,
      zeros,
    );

    const largeSize = chunks * zeros.length;
    expect(length).toBe(
      zipSize([
        { path: "before.pdf", size: 1 },
        { path: "Large/Scan.pdf", size: largeSize },
        { path: "after.pdf", size: 1000 },
      ]),
    );
    // Reading 4 GiB back takes a minute on a busy machine: the readers check the small entries on either side, and the large one's data descriptor is read here.
    const listed = pythonList(archive, ["before.pdf", "after.pdf"]);
    expect(listed.map(({ name, size, crc, extract_version }) => ({ name, size, crc, extract_version }))).toEqual([
      { name: "before.pdf", size: 1, crc: crc32("x"), extract_version: 20 },
      { name: "Large/Scan.pdf", size: largeSize, crc: 0xc6a48b28, extract_version: 45 },
      { name: "after.pdf", size: 1000, crc: crc32(after), extract_version: 45 },
    ]);
    const descriptor = Buffer.alloc(24);
    const handle = await open(archive);
    await handle.read(descriptor, 0, 24, 30 + 10 + 1 + 16 + 30 + 14 + 20 + largeSize);
    await handle.close();
    expect([descriptor.readUInt32LE(0), descriptor.readUInt32LE(4), descriptor.readBigUInt64LE(8), descriptor.readBigUInt64LE(16)]).toEqual(
      [0x08074b50, 0xc6a48b28, BigInt(largeSize), BigInt(largeSize)],
    );
    expect(execFileSync("unzip", ["-p", archive, "after.pdf"]).equals(after)).toBe(true);
  }, 60_000);

  it("counts more than 65,534 entries in the ZIP64 end record", async () => {
    const count = 65_536;
    const entries = Array.from({ length: count }, (_, i): ZipEntry => fromBuffer(`f/${i}.pdf`, Buffer.alloc(0)));
    const archive = path.join(dir, "many.zip");
    await writeFile(archive, await bytesOf(zipStream(entries)));
    const listed = pythonList(archive, [`f/${count - 1}.pdf`]);
    expect(listed).toHaveLength(count);
    expect(listed.at(-1)!.name).toBe(`f/${count - 1}.pdf`);
    expect(execFileSync("unzip", ["-Z", "-h", archive], { encoding: "utf8" })).toContain(`number of entries: ${count}`);
  }, 60_000);

  it("stays out of the way of archives that do not need it: a known size under 4 GiB gets classic records", async () => {
    const bytes = await bytesOf(zipStream([fromBuffer("a.pdf", Buffer.alloc(3))]));
    expect(bytes.readUInt16LE(4)).toBe(20);
    expect(bytes.readUInt16LE(28)).toBe(0);
    expect(bytes.length).toBe(30 + 5 + 3 + 16 + 46 + 5 + 22);
  });

  it("marks an entry of unknown size as ZIP64 in its local header, so its data descriptor's sizes are read as 64-bit", async () => {
    const bytes = await bytesOf(zipStream([{ path: "a.pdf", open: async () => Readable.from([Buffer.alloc(3)]) }]));
    expect(bytes.readUInt16LE(4)).toBe(45);
    expect(bytes.readUInt32LE(18)).toBe(0xffffffff);
    expect(bytes.readUInt16LE(30 + 5)).toBe(0x0001);
    expect(bytes.readUInt32LE(30 + 5 + 20 + 3)).toBe(0x08074b50);
    expect(Number(bytes.readBigUInt64LE(30 + 5 + 20 + 3 + 8))).toBe(3);
    const archive = path.join(dir, "unknown.zip");
    await writeFile(archive, bytes);
    unzipTest(archive);
    expect(pythonList(archive).map(({ name, size }) => ({ name, size }))).toEqual([{ name: "a.pdf", size: 3 }]);
  });
});
