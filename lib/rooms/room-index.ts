/** A folder as numbered: listed after its parent, siblings in order (treeOrder). */
export type IndexedFolder = { id: string; parentId: string | null };
/** A document as numbered: listed in order within its folder (null: the top level). */
export type IndexedDocument = { folderId: string | null };

/**
 * Each folder's and document's index number ("3.2.1"), in the order the room shows them: on each
 * level its folders first, then its documents, one sequence from 1, so a folder's children are
 * numbered under the folder's own number (3.1, 3.2…). Computed, never stored, so every move,
 * removal or new item renumbers what follows it. A folder or document whose folder is not listed
 * counts at the top level, as in the ZIP. The answer follows the order of the arrays given.
 */
export function roomIndex(
  folders: readonly IndexedFolder[],
  documents: readonly IndexedDocument[],
): { folders: string[]; documents: string[] } {
  const numberOf = new Map<string, string>();
  const used = new Map<string | null, number>();
  const next = (containerId: string | null) => {
    const parent = containerId === null ? undefined : numberOf.get(containerId);
    const key = parent === undefined ? null : containerId;
    const n = (used.get(key) ?? 0) + 1;
    used.set(key, n);
    return parent === undefined ? `${n}` : `${parent}.${n}`;
  };
  const folderNumbers = folders.map((folder) => {
    const number = next(folder.parentId);
    numberOf.set(folder.id, number);
    return number;
  });
  return { folders: folderNumbers, documents: documents.map((document) => next(document.folderId)) };
}
