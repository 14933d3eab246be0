import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { config } from "../config";
import { now } from "../time";
import { scratchName } from "./clear-scratch";

export type CachedFile = { body: Readable; size: number };
export type FileCache = { dir: string; capBytes: number };

// Entries being made in this process: a request for one of them waits for it instead of making it again.
// On globalThis: Next bundles this module into the share page and into its routes apart, and an
// image the page begins making must be joined by the route's request, not made a second time.
const making = ((globalThis as { pagewiseFilesBeingMade?: Map<string, Promise<unknown>> }).pagewiseFilesBeingMade ??= new Map());

/**
 * The file cached in `cache.dir` under `name` (a hash: it must be a plain file name), made by
 * `make(output)` when absent. Only one request per name makes it at a time; the others wait and then
 * read it. A waiter whose maker failed (refused, busy) tries for itself, so one reader's refusal is
 * never handed to another. Entries appear whole (written elsewhere, then renamed in) and the least
 * recently served ones are removed past `cache.capBytes`; a reader already streaming a removed entry
 * keeps its open file. Processes sharing DATA_DIR share the cache; at worst both make an entry.
 */
export async function cachedFile(cache: FileCache, name: string, make: (output: string) => Promise<void>): Promise<CachedFile> {
  const file = path.join(cache.dir, name);
  for (;;) {
    const hit = await openEntry(file);
    if (hit) return hit;
    const pending = making.get(file);
    if (pending) {
      await pending.catch(() => undefined);
      continue;
    }
    const made = makeEntry(cache, file, make);
    making.set(file, made);
    try {
      const opened = await made;
      if (opened) return opened;
    } finally {
      making.delete(file);
    }
  }
}

/** The entry opened, marked as just served; null when there is none. */
async function openEntry(file: string): Promise<CachedFile | null> {
  const handle = await open(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
  if (!handle) return null;
  try {
    const { size } = await handle.stat();
    await handle.utimes(now(), now());
    return { body: handle.createReadStream(), size };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Makes the entry and opens it before room is made, so even one larger than the cap is served once. */
async function makeEntry(cache: FileCache, file: string, make: (output: string) => Promise<void>): Promise<CachedFile | null> {
  const scratch = path.join(config().DATA_DIR, "tmp", "cache");
  await Promise.all([mkdir(scratch, { recursive: true }), mkdir(cache.dir, { recursive: true })]);
  const output = path.join(scratch, scratchName(path.extname(file)));
  try {
    await make(output);
    await rename(output, file);
  } finally {
    await rm(output, { force: true });
  }
  const opened = await openEntry(file);
  await evict(cache);
  return opened;
}

/** Removes the least recently served entries until the rest fit in the cap. */
async function evict({ dir, capBytes }: FileCache) {
  const names = await readdir(dir);
  const entries = await Promise.all(
    names.map(async (name) => {
      const found = await stat(path.join(dir, name)).catch(() => null);
      return found ? { name, size: found.size, served: found.mtimeMs } : null;
    }),
  );
  const present = entries.filter((entry) => entry !== null).sort((a, b) => a.served - b.served);
  let total = present.reduce((sum, entry) => sum + entry.size, 0);
  for (const entry of present) {
    if (total <= capBytes) break;
    await rm(path.join(dir, entry.name), { force: true });
    total -= entry.size;
  }
}
