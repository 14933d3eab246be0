import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { faultPoint } from "../fault-point";
import { type ByteRange, type Storage, type StoredObject, assertSafeKey } from "./storage";

/** Files on the local disk under one directory. Writes go to a temporary file renamed into place. */
export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  private file(key: string) {
    assertSafeKey(key);
    return path.join(/*turbopackIgnore: true*/ this.root, key);
  }

  async put(key: string, body: Readable | Buffer, size: number): Promise<void> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString("hex")}.partial`;
    try {
      if (Buffer.isBuffer(body)) await writeFile(temp, body);
      else await pipeline(body, createWriteStream(temp));
      const written = (await stat(temp)).size;
      if (written !== size) throw new Error(`Expected ${size} bytes for ${key}, got ${written}`);
      await faultPoint("storage:partial");
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const file = this.file(key);
    const size = await this.size(key);
    if (size === null) return null;
    if (range) return { body: createReadStream(file, { start: range.start, end: range.end }), size, range };
    return { body: createReadStream(file), size };
  }

  async size(key: string): Promise<number | null> {
    try {
      const info = await stat(this.file(key));
      return info.isFile() ? info.size : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async list(prefix: string): Promise<Array<{ key: string; modifiedAt: Date }>> {
    const base = path.join(/*turbopackIgnore: true*/ this.root, prefix.slice(0, prefix.lastIndexOf("/") + 1));
    const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    });
    const files = entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter((file) => path.relative(this.root, file).split(path.sep).join("/").startsWith(prefix));
    return Promise.all(
      files.map(async (file) => ({ key: path.relative(this.root, file).split(path.sep).join("/"), modifiedAt: (await stat(file)).mtime })),
    );
  }
}
