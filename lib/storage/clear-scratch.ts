import { readdir, rm } from "node:fs/promises";
import path from "node:path";

/** Scratch files are named `<pid>-…` by the process that owns them. */
export const scratchName = (suffix: string) => `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}${suffix}`;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * Removes what dead processes left under DATA_DIR/tmp (uploads cut off by a crash, previews,
 * originals and page images being processed). Each area's entries (a file, or a directory of page
 * images whose own files are named by page) carry their owner's pid; those of live processes —
 * another server sharing DATA_DIR — stay. Returns how many files were removed.
 */
export async function clearStaleScratch(dataDir: string): Promise<number> {
  const root = path.join(dataDir, "tmp");
  const areas = await readdir(root, { withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const area of areas.filter((entry) => entry.isDirectory())) {
    const areaDir = path.join(root, area.name);
    for (const entry of await readdir(areaDir, { withFileTypes: true }).catch(() => [])) {
      const owner = Number(/^(\d+)-/.exec(entry.name)?.[1]);
      if (owner === process.pid || (Number.isInteger(owner) && alive(owner))) continue;
      const target = path.join(areaDir, entry.name);
      removed += entry.isDirectory() ? await filesIn(target) : 1;
      await rm(target, { recursive: true, force: true });
    }
  }
  return removed;
}

async function filesIn(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}
