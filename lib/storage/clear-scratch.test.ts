import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { clearStaleScratch } from "./clear-scratch";

let dataDir = "";
afterEach(() => rm(dataDir, { recursive: true, force: true }));

async function put(relative: string) {
  const file = path.join(dataDir, "tmp", relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, "x");
}

describe("clearing scratch files at start-up", () => {
  it("removes what dead processes left, page-image directories included, and keeps live processes' files", async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "scratch-"));
    const dead = spawnSync("true").pid;
    const live = process.ppid;
    await put(`uploads/${dead}-1-a.upload`);
    // Files inside a page-image directory are named by page ("1-thumb.webp"): pid 1 is not their owner.
    await put(`page-images/${dead}-2-b/1.webp`);
    await put(`page-images/${dead}-2-b/1-thumb.webp`);
    await put(`previews/${live}-3-c.pdf`);
    await put(`page-images/${process.pid}-4-d/1-thumb.webp`);

    expect(await clearStaleScratch(dataDir)).toBe(3);
    const left = (await readdir(path.join(dataDir, "tmp"), { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(path.join(dataDir, "tmp"), path.join(entry.parentPath, entry.name)))
      .sort();
    expect(left).toEqual([`page-images/${process.pid}-4-d/1-thumb.webp`, `previews/${live}-3-c.pdf`]);
  });
});
