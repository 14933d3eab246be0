import type { z } from "zod";
import type { roomDocumentSchema, roomFolderSchema } from "../schemas/rooms";

type Folder = z.input<typeof roomFolderSchema>;
type Entry = z.input<typeof roomDocumentSchema>;
type Detail = { folders: Folder[]; documents: Entry[] };

/** One level of the room as the page draws it: its subfolders, then its documents in order. */
export type TreeNode = { folder: Folder | null; documents: Entry[]; children: TreeNode[] };

/** The room's flat folders and documents as a tree from the top level; each list keeps the API's order. */
export function roomTree(detail: Pick<Detail, "folders" | "documents">): TreeNode {
  const build = (folder: Folder | null): TreeNode => {
    const id = folder?.id ?? null;
    return {
      folder,
      documents: detail.documents.filter((entry) => entry.folder_id === id).sort((a, b) => a.position - b.position),
      children: detail.folders
        .filter((child) => child.parent_id === id)
        .sort((a, b) => a.position - b.position)
        .map((child) => build(child)),
    };
  };
  return build(null);
}

/** Each folder's name with its ancestors' ("Financials / 2025"), for the move and new-folder selects. */
export function folderPaths(folders: readonly Folder[]): Array<[string, string]> {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const path = (folder: Folder): string => {
    const parent = folder.parent_id ? byId.get(folder.parent_id) : undefined;
    return parent ? `${path(parent)} / ${folder.name}` : folder.name;
  };
  return folders.map((folder) => [folder.id, path(folder)]);
}

/** Where a folder may move (its "Move to…" choices): the top level and every folder but itself and its subfolders. */
export function folderMoveTargets(folders: readonly Folder[], folderId: string): Array<[string, string]> {
  const inside = new Set([folderId]);
  // The API lists each folder after its parent, so one pass finds every subfolder.
  for (const folder of folders) if (folder.parent_id && inside.has(folder.parent_id)) inside.add(folder.id);
  return [["", "Top level"], ...folderPaths(folders).filter(([id]) => !inside.has(id))];
}
