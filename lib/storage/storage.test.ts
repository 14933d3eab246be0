import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalStorage } from "./local-storage";
import { S3Storage } from "./s3-storage";
import type { Storage } from "./storage";
import { UploadThingStorage } from "./uploadthing-storage";
import { type UploadThingStandIn, startUploadThingStandIn } from "../../test/support/uploadthing-standin";

const tmp = (prefix: string) => mkdtempSync(path.join(tmpdir(), prefix));

// A real S3-compatible server on loopback.
const s3Port = 45_000 + Math.floor(Math.random() * 1000);
const s3 = new S3rver({
  port: s3Port,
  address: "127.0.0.1",
  silent: true,
  directory: tmp("pagewise-s3rver-"),
  configureBuckets: [{ name: "pagewise-test", configs: [] }],
});
// UploadThing's API, ingest and file host, on loopback.
let uploadthing: UploadThingStandIn;
beforeAll(async () => {
  await s3.run();
  uploadthing = await startUploadThingStandIn();
});
afterAll(async () => {
  await s3.close();
  await uploadthing.close();
});

const drivers: Array<[string, () => Storage]> = [
  ["local disk", () => new LocalStorage(tmp("pagewise-storage-"))],
  [
    "S3-compatible",
    () =>
      new S3Storage("pagewise-test", {
        region: "us-east-1",
        endpoint: `http://127.0.0.1:${s3Port}`,
        forcePathStyle: true,
        credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      }),
  ],
  [
    "UploadThing",
    () =>
      new UploadThingStorage(
        {
          token: uploadthing.env.UPLOADTHING_TOKEN!,
          apiUrl: uploadthing.url,
          ingestUrl: uploadthing.url,
          ufsHost: uploadthing.env.UPLOADTHING_UFS_HOST!,
          ufsAppIdLocation: "path",
        },
        tmp("pagewise-ut-scratch-"),
      ),
  ],
];

describe.each(drivers)("%s storage", (_name, make) => {
  const bytes = Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 251));

  it("stores a stream and reads it back whole", async () => {
    const store = make();
    await store.put("documents/a/original.pdf", Readable.from([bytes.subarray(0, 4000), bytes.subarray(4000)]), bytes.length);
    const object = await store.get("documents/a/original.pdf");
    expect(object?.size).toBe(bytes.length);
    expect((await buffer(object!.body)).equals(bytes)).toBe(true);
    expect(await store.size("documents/a/original.pdf")).toBe(bytes.length);
    expect(await store.exists("documents/a/original.pdf")).toBe(true);
  });

  it("reads an inclusive byte range", async () => {
    const store = make();
    await store.put("documents/b/original.pdf", bytes, bytes.length);
    const object = await store.get("documents/b/original.pdf", { start: 100, end: 199 });
    expect(object?.size).toBe(bytes.length);
    expect(object?.range).toEqual({ start: 100, end: 199 });
    expect((await buffer(object!.body)).equals(bytes.subarray(100, 200))).toBe(true);
  });

  it("answers null for a missing object and deletes idempotently", async () => {
    const store = make();
    expect(await store.get("documents/missing.pdf")).toBeNull();
    expect(await store.size("documents/missing.pdf")).toBeNull();
    await store.put("documents/c/preview.pdf", bytes, bytes.length);
    await store.delete("documents/c/preview.pdf");
    await store.delete("documents/c/preview.pdf");
    expect(await store.exists("documents/c/preview.pdf")).toBe(false);
  });

  it("lists the objects under a prefix with when they were written (the orphan sweep's view)", async () => {
    const store = make();
    const before = Date.now() - 60_000;
    await store.put("documents/list-1/original.pdf", bytes, bytes.length);
    await store.put("documents/list-1/preview-2p-ab.pdf", bytes, bytes.length);
    await store.put("documents/list-2/original.pdf", bytes, bytes.length);
    const listed = (await store.list("documents/list-")).sort((a, b) => a.key.localeCompare(b.key));
    expect(listed.map((o) => o.key)).toEqual([
      "documents/list-1/original.pdf",
      "documents/list-1/preview-2p-ab.pdf",
      "documents/list-2/original.pdf",
    ]);
    expect(listed.every((o) => o.modifiedAt.getTime() > before)).toBe(true);
  });

  it("refuses keys that could escape the store", async () => {
    const store = make();
    await expect(store.put("../etc/passwd", bytes, bytes.length)).rejects.toThrow(/Unsafe/);
    await expect(store.get("/absolute")).rejects.toThrow(/Unsafe/);
  });
});

describe("local disk storage", () => {
  it("leaves no partial file when the stream fails midway", async () => {
    const dir = tmp("pagewise-storage-");
    const store = new LocalStorage(dir);
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1000));
        this.destroy(new Error("client went away"));
      },
    });
    await expect(store.put("documents/d/original.pdf", failing, 5000)).rejects.toThrow();
    const { readdirSync } = await import("node:fs");
    expect(readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith(".pdf") || String(f).includes("partial"))).toEqual([]);
  });
});
