import { createHash } from "node:crypto";
import { createReadStream, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

export const MANIFEST = "manifest.json";
const FORMAT = "pagewise-backup-1";

export type ManifestFile = { path: string; size: number; sha256: string };
export type Manifest = {
  format: typeof FORMAT;
  createdAt: string;
  database: { serverMajor: number; dump: string };
  storage: { driver: string; copied: boolean };
  files: ManifestFile[];
};

async function sha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Every file under `dir`, as paths relative to it with `/` between folders. */
function filesUnder(dir: string, prefix = ""): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesUnder(dir, relative) : [relative];
  });
}

/** Writes the manifest last, so a backup cut short has none and is never taken for a whole one. */
export async function writeManifest(dir: string, fields: Omit<Manifest, "format" | "files">): Promise<Manifest> {
  const files: ManifestFile[] = [];
  for (const relative of filesUnder(dir)
    .filter((file) => file !== MANIFEST)
    .sort()) {
    const file = path.join(dir, relative);
    files.push({ path: relative, size: statSync(file).size, sha256: await sha256(file) });
  }
  const manifest: Manifest = { format: FORMAT, ...fields, files };
  writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** The manifest, once every file it lists is there with its size and checksum; throws naming the first that is not. */
export async function verifiedManifest(dir: string): Promise<Manifest> {
  const manifestFile = path.join(dir, MANIFEST);
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: not a Pagewise backup, or one that did not finish.`);
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
  if (manifest.format !== FORMAT) throw new Error(`${manifestFile}: unknown backup format ${JSON.stringify(manifest.format)}.`);
  for (const entry of manifest.files) {
    const file = path.join(dir, entry.path);
    if (!existsSync(file)) throw new Error(`The backup is damaged: ${entry.path} is missing.`);
    if (statSync(file).size !== entry.size || (await sha256(file)) !== entry.sha256) {
      throw new Error(`The backup is damaged: ${entry.path} does not match its checksum.`);
    }
  }
  const listed = new Set(manifest.files.map((entry) => entry.path));
  const extra = filesUnder(dir).find((file) => file !== MANIFEST && !listed.has(file));
  if (extra) throw new Error(`The backup holds ${extra}, which its manifest does not list.`);
  return manifest;
}
