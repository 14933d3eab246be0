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
 * Removes what dead processes left under DATA_DIR/tmp (uploads cut off by a crash, previews and
 * originals being processed). Files of live processes — another server sharing DATA_DIR — stay.
 * Returns how many files were removed.
 */
export async function clearStaleScratch(dataDir: string): Promise<number> {
  const root = path.join(dataDir, "tmp");
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const owner = Number(/^(\d+)-/.exec(entry.name)?.[1]);
    if (Number.isInteger(owner) && owner !== process.pid && alive(owner)) continue;
    if (owner === process.pid) continue;
    await rm(path.join(entry.parentPath, entry.name), { force: true });
    removed++;
  }
  return removed;
}
