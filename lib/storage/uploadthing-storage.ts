import { createWriteStream, openAsBlob } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { UTApi, UTFile } from "uploadthing/server";
import { scratchName } from "./clear-scratch";
import { type ByteRange, type Storage, type StoredObject, assertSafeKey } from "./storage";

/** What the UploadThing SDK needs: the token, and UploadThing's endpoints when they are not the default ones. */
export type UploadThingOptions = {
  token: string;
  apiUrl?: string;
  ingestUrl?: string;
  ufsHost?: string;
  ufsAppIdLocation?: "subdomain" | "path";
};

/** How long a signed file URL the server itself fetches stays valid. */
const READ_URL_SECONDS = 300;

/** Sizes remembered, so a viewer's range request costs one round trip to UploadThing, not two. */
const SIZE_CACHE_ENTRIES = 10_000;

/**
 * UploadThing as the object store. UploadThing names files itself; a Pagewise key is kept as the
 * file's customId, with `/` written as `~` (a character keys never contain), so keys stay what the
 * rest of the app knows. Files are uploaded private: every read goes through a URL this server
 * signs, so a file is never reachable without passing the gate. Reads ask for byte ranges.
 */
export class UploadThingStorage implements Storage {
  private readonly api: UTApi;
  private readonly sizes = new Map<string, number>();

  constructor(
    options: UploadThingOptions,
    private readonly scratchDir: string,
  ) {
    this.api = new UTApi({ ...options, logLevel: "Error" });
  }

  static customId(key: string): string {
    assertSafeKey(key);
    return key.replaceAll("/", "~");
  }

  static keyOf(customId: string): string {
    return customId.replaceAll("~", "/");
  }

  async put(key: string, body: Readable | Buffer, size: number): Promise<void> {
    const customId = UploadThingStorage.customId(key);
    // The SDK sends a Blob; a file-backed one keeps a large PDF out of memory.
    await mkdir(this.scratchDir, { recursive: true });
    const scratch = path.join(this.scratchDir, scratchName(".put"));
    try {
      if (Buffer.isBuffer(body)) await writeFile(scratch, body);
      else await pipeline(body, createWriteStream(scratch));
      const blob = await openAsBlob(scratch, { type: "application/pdf" });
      if (blob.size !== size) throw new Error(`Expected ${size} bytes for ${key}, got ${blob.size}`);
      // A customId names one file: replacing an object means removing the old one first.
      await this.delete(key);
      const result = await this.api.uploadFiles(new UTFile([blob], path.posix.basename(key), { customId, type: "application/pdf" }), {
        acl: "private",
        contentDisposition: "inline",
      });
      if (result.error) throw new Error(`UploadThing refused ${key}: ${result.error.message}`);
      this.remember(key, size);
    } finally {
      await rm(scratch, { force: true });
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const response = await fetch(await this.readUrl(key), range ? { headers: { Range: `bytes=${range.start}-${range.end}` } } : {});
    if (response.status === 404) {
      this.sizes.delete(key);
      await response.body?.cancel();
      return null;
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new Error(`UploadThing answered ${response.status} reading ${key}`);
    }
    const body = Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>);
    if (response.status === 206) {
      const [, start, end, total] = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(response.headers.get("content-range") ?? "") ?? [];
      return { body, size: Number(total), range: { start: Number(start), end: Number(end) } };
    }
    const size = Number(response.headers.get("content-length"));
    // A host that ignores Range sends the whole file: cut out the part asked for.
    if (range) return { body: Readable.from(slice(body, range)), size, range };
    return { body, size };
  }

  async size(key: string): Promise<number | null> {
    const known = this.sizes.get(key);
    if (known !== undefined) return known;
    const response = await fetch(await this.readUrl(key), { method: "HEAD" });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`UploadThing answered ${response.status} for ${key}`);
    return this.remember(key, Number(response.headers.get("content-length")));
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    this.sizes.delete(key);
    await this.api.deleteFiles(UploadThingStorage.customId(key), { keyType: "customId" });
  }

  async list(prefix: string): Promise<Array<{ key: string; modifiedAt: Date }>> {
    const found: Array<{ key: string; modifiedAt: Date }> = [];
    const limit = 500;
    for (let offset = 0; ; offset += limit) {
      const page = await this.api.listFiles({ limit, offset });
      for (const file of page.files) {
        const key = file.customId ? UploadThingStorage.keyOf(file.customId) : null;
        if (key?.startsWith(prefix)) found.push({ key, modifiedAt: new Date(file.uploadedAt) });
      }
      if (!page.hasMore) return found;
    }
  }

  private remember(key: string, size: number): number {
    if (this.sizes.size >= SIZE_CACHE_ENTRIES) this.sizes.delete(this.sizes.keys().next().value!);
    this.sizes.set(key, size);
    return size;
  }

  private async readUrl(key: string): Promise<string> {
    return (await this.api.generateSignedURL(UploadThingStorage.customId(key), { expiresIn: READ_URL_SECONDS })).ufsUrl;
  }
}

async function* slice(source: Readable, range: ByteRange): AsyncGenerator<Buffer> {
  let offset = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    const from = Math.max(range.start - offset, 0);
    const to = Math.min(range.end + 1 - offset, chunk.length);
    if (from < to) yield chunk.subarray(from, to);
    offset += chunk.length;
    if (offset > range.end) break;
  }
  source.destroy();
}
