import { type AuditActor, recordAudit } from "../audit/record-audit";
import { notFound } from "../errors";
import { db } from "../db/client";
import type { Room } from "../generated/prisma/client";
import { childrenOf } from "./folder-tree";
import { keepGroupLevels } from "./keep-group-levels";
import { lockRoom } from "./lock-room";
import { documentOrder, writeDocumentOrder, writeFolderOrder } from "./sibling-order";

/**
 * Deletes a folder but nothing in it: its subfolders take its place among its siblings, in their
 * order, and its documents follow its parent's own documents. Nothing leaves the room by deleting
 * a folder, and no group sees more of it than the folder let it (`keepGroupLevels`).
 */
export async function deleteFolder(by: AuditActor, room: Room, folderId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockRoom(tx, room.id);
    const folders = await tx.roomFolder.findMany({ where: { roomId: room.id } });
    const folder = folders.find((f) => f.id === folderId);
    if (!folder) throw notFound("Folder");
    const siblings = childrenOf(folders, folder.parentId).map((f) => f.id);
    const subfolders = childrenOf(folders, folder.id).map((f) => f.id);
    const at = siblings.indexOf(folder.id);
    await keepGroupLevels(tx, room.id, folders, folder);
    await tx.roomFolder.updateMany({ where: { parentId: folder.id }, data: { parentId: folder.parentId } });
    await writeFolderOrder(tx, [...siblings.slice(0, at), ...subfolders, ...siblings.slice(at + 1)]);

    const parentDocuments = await documentOrder(tx, room.id, folder.parentId);
    const ownDocuments = await documentOrder(tx, room.id, folder.id);
    // Every row moves, a deleted document's too: the foreign key would otherwise drop it at the top level.
    await tx.roomDocument.updateMany({ where: { roomId: room.id, folderId: folder.id }, data: { folderId: folder.parentId } });
    await writeDocumentOrder(tx, room.id, [...parentDocuments, ...ownDocuments]);

    await tx.roomFolder.delete({ where: { id: folder.id } });
    await recordAudit(tx, by, {
      action: "room.folders_changed",
      target: { id: room.id, label: room.name },
      details: {
        change: "deleted",
        folder: { id: folder.id, name: folder.name },
        moved_up: { folders: subfolders.length, documents: ownDocuments.length },
      },
    });
  });
}
