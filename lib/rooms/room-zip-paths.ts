/** A folder and a document as `roomDetail` (room-contents.ts) lists them. */
export type ZipFolder = { id: string; name: string; parent_id: string | null };
export type ZipDocument = { title: string; folder_id: string | null };

/** A name's UTF-8 length at most: file systems allow 255 bytes a name, and " (12).pdf" must still fit. */
export const MAX_NAME_BYTES = 200;

/**
 * Each document's path in the room's ZIP, in the order given (room-contents' order: the top level's
 * documents, then each folder's in tree order, as the room shows them). Folder names and titles
 * become safe names (`safeName`), titles get `.pdf`; within a folder, names that would collide on
 * a case-insensitive file system get " (2)", " (3)"… in order, folders and documents alike. A
 * document whose folder is not listed sits at the top level.
 */
export function roomZipPaths<D extends ZipDocument>(
  folders: readonly ZipFolder[],
  documents: readonly D[],
): { document: D; path: string }[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const taken = new Map<string, Set<string>>();
  const claim = (parent: string, name: string, extension: string) => {
    const names = taken.get(parent) ?? new Set<string>();
    taken.set(parent, names);
    let candidate = `${name}${extension}`;
    for (let n = 2; names.has(fold(candidate)); n++) candidate = `${name} (${n})${extension}`;
    names.add(fold(candidate));
    return parent === "" ? candidate : `${parent}/${candidate}`;
  };
  const paths = new Map<string, string>();
  const folderPath = (folder: ZipFolder, seen: Set<string> = new Set()): string => {
    const known = paths.get(folder.id);
    if (known !== undefined) return known;
    const parent = folder.parent_id ? byId.get(folder.parent_id) : undefined;
    // A loop cannot be stored (changes check for them), but a path must end all the same.
    const parentPath = parent && !seen.has(parent.id) ? folderPath(parent, seen.add(folder.id)) : "";
    const path = claim(parentPath, safeName(folder.name, "Folder"), "");
    paths.set(folder.id, path);
    return path;
  };
  // Folders claim their names first, in the tree's order, so a document never renames a folder.
  for (const folder of folders) folderPath(folder);
  return documents.map((document) => {
    const folder = document.folder_id ? byId.get(document.folder_id) : undefined;
    const title = safeName(document.title.replace(/\.pdf\s*$/i, ""), "Untitled");
    return { document, path: claim(folder ? folderPath(folder) : "", title, ".pdf") };
  });
}

/**
 * A folder name or title as one safe path part on any system: NFC; spaces, tabs and line breaks collapsed to one space; control, bidirectional and
 * zero-width format characters dropped; `/ \ : * ? " < > |` as `_`; no
 * leading or trailing dots or spaces (so never `.` or `..`); Windows' device names (`CON`, `LPT1`…)
 * suffixed (`CON_.txt`); cut to MAX_NAME_BYTES of UTF-8 on a character boundary; `fallback` when nothing is left.
 */
export function safeName(name: string, fallback: string): string {
  const cleaned = name
    .normalize("NFC")
    .replace(/\s+/g, " ")
    .replace(/[\p{Cc}\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu, "")
    .replace(/[/\\:*?"<>|]/g, "_")
    .replace(/^[\s.]+|[\s.]+$/g, "");
  const short = cut(cleaned).replace(/[\s.]+$/, "");
  if (short === "") return fallback;
  return short.replace(/^(con|prn|aux|nul|com\d|lpt\d)(?=\.|$)/i, "$1_");
}

function cut(name: string): string {
  let bytes = 0;
  let end = 0;
  for (const character of name) {
    bytes += Buffer.byteLength(character);
    if (bytes > MAX_NAME_BYTES) break;
    end += character.length;
  }
  return name.slice(0, end);
}

/** How case-insensitive file systems (Windows, macOS) compare names. */
const fold = (name: string) => name.normalize("NFC").toLowerCase();
