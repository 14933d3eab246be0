import type { RoomFolder } from "../generated/prisma/client";

/** A room's folders as one tree: what a change of folders is checked against, and the order they are shown in. */
export type FolderRow = Pick<RoomFolder, "id" | "parentId" | "name" | "position" | "createdAt">;

const inOrder = (a: FolderRow, b: FolderRow) =>
  a.position - b.position || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The folders directly in `parentId` (null: the top level), in order. */
export function childrenOf(folders: readonly FolderRow[], parentId: string | null): FolderRow[] {
  return folders.filter((folder) => folder.parentId === parentId).sort(inOrder);
}

/** Every folder, each after its parent and before the parent's next sibling. */
export function treeOrder(folders: readonly FolderRow[]): FolderRow[] {
  const walk = (parentId: string | null): FolderRow[] => childrenOf(folders, parentId).flatMap((f) => [f, ...walk(f.id)]);
  return walk(null);
}

/** How deep a folder sits: 1 at the top level. */
export function depthOf(folders: readonly FolderRow[], id: string): number {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  let depth = 0;
  for (let at = byId.get(id); at; at = at.parentId ? byId.get(at.parentId) : undefined) depth++;
  return depth;
}

/** How many levels a folder and its subfolders span: 1 without subfolders. */
export function heightOf(folders: readonly FolderRow[], id: string): number {
  return 1 + Math.max(0, ...childrenOf(folders, id).map((child) => heightOf(folders, child.id)));
}

/** Whether `id` is `ancestorId` or sits somewhere inside it. */
export function isWithin(folders: readonly FolderRow[], id: string, ancestorId: string): boolean {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  for (let at = byId.get(id); at; at = at.parentId ? byId.get(at.parentId) : undefined) if (at.id === ancestorId) return true;
  return false;
}
