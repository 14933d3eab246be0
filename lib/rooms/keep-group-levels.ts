import type { Tx } from "../db/client";
import type { RoomAccessLevel } from "../generated/prisma/client";
import type { FolderRow } from "./folder-tree";
import { groupLevels, lowerOf, reaches } from "./group-levels";
import { groupRulesFields, rulesOf } from "./group-visibility";

/**
 * Before a folder is deleted and what it holds moves up to its parent: for each group the folder
 * held lower than its parent does, what it held keeps at most the folder's level, set on each of
 * them. Tidying a room never shows a party what a folder hid from it.
 */
export async function keepGroupLevels(
  tx: Tx,
  roomId: string,
  folders: readonly Pick<FolderRow, "id" | "parentId">[],
  folder: Pick<FolderRow, "id" | "parentId">,
): Promise<void> {
  const [groups, documents] = await Promise.all([
    tx.roomGroup.findMany({ where: { roomId }, select: { id: true, ...groupRulesFields } }),
    tx.roomDocument.findMany({ where: { roomId, folderId: folder.id }, select: { documentId: true } }),
  ]);
  const subfolders = folders.filter((candidate) => candidate.parentId === folder.id).map((candidate) => candidate.id);
  for (const group of groups) {
    const rules = rulesOf(group);
    const levels = groupLevels(folders, rules);
    const ceiling = levels.folder(folder.id);
    if (reaches(ceiling, levels.inherited(folder.parentId))) continue;
    const capped = (set: RoomAccessLevel | undefined) => (set ? lowerOf(set, ceiling) : ceiling);
    const targets = [
      ...subfolders.map((id) => ({ folderId: id, documentId: null, level: capped(rules.folders.get(id)) })),
      ...documents.map(({ documentId }) => ({ folderId: null, documentId, level: capped(rules.documents.get(documentId)) })),
    ];
    await tx.roomGroupAccess.deleteMany({
      where: { groupId: group.id, OR: [{ folderId: { in: subfolders } }, { documentId: { in: documents.map((d) => d.documentId) } }] },
    });
    await tx.roomGroupAccess.createMany({ data: targets.map((target) => ({ groupId: group.id, ...target })) });
  }
}
