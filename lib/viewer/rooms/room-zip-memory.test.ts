import { randomBytes, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterEach, describe, expect, it } from "vitest";
import { roomZipPaths } from "../../rooms/room-zip-paths";
import { storage } from "../../storage";
import { originalKey } from "../../storage/document-keys";
import { zipSize } from "../../zip/zip-stream";
import { type RoomZipDocument, roomZip } from "./room-zip";

// Its own file, so no other test's background work (page images, the PDF worker) is in the samples.

const folders = [{ id: "f", name: "Financials", parent_id: null }];

describe("a room of 500 MB", () => {
  const FILES = 25;
  const FILE_SIZE = 20 * 1024 * 1024;
  const CHUNK = 1024 * 1024;
  const keys: string[] = [];
  afterEach(async () => {
    await Promise.all(keys.map((key) => storage().delete(key)));
  });

  // A sample counts what survives a full collection, so it never depends on when V8 chose to collect. The
  // collection frees chunks already sent, though V8 may finish freeing them after the sample: a sample
  // may count up to SAMPLE_EVERY bytes already dead (never more: each collection first completes the last).
  setFlagsFromString("--expose-gc");
  const collect = runInNewContext("gc") as () => void;
  const liveBytes = () => {
    collect();
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return heapUsed + arrayBuffers;
  };
  const SAMPLE_EVERY = 4 * 1024 * 1024;

  /** A file of random bytes, made a chunk at a time as storage reads it. */
  const randomFile = () =>
    Readable.from(
      (function* () {
        for (let made = 0; made < FILE_SIZE; made += CHUNK) yield randomBytes(CHUNK);
      })(),
    );

  it("streams with the web process's live memory flat, whatever the files' sizes, and exactly as long as planned", async () => {
    const documents: RoomZipDocument[] = [];
    for (let i = 0; i < FILES; i++) {
      const key = originalKey(randomUUID());
      keys.push(key);
      await storage().put(key, randomFile(), FILE_SIZE);
      documents.push({ title: `Report ${i % 10}`, folder_id: i % 2 === 0 ? "f" : null, document: { id: randomUUID(), storageKey: key } });
    }
    const planned = zipSize(roomZipPaths(folders, documents).map(({ path }) => ({ path, size: FILE_SIZE })));

    liveBytes();
    const before = liveBytes();
    let peak = 0;
    let samples = 0;
    let length = 0;
    const reader = roomZip(folders, documents, null, null).getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      length += next.value.length;
      if (length >= (samples + 1) * SAMPLE_EVERY) {
        peak = Math.max(peak, liveBytes() - before);
        samples++;
      }
    }

    expect(length).toBe(planned);
    expect(samples).toBe(Math.floor(planned / SAMPLE_EVERY));
    // Holding one whole file would add 20 MB; the chunks in flight are 64 KB each.
    expect(peak).toBeLessThan(10 * 1024 * 1024);
  }, 60_000);
});
