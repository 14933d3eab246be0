import { type AuditActor, fieldChanges, recordAudit } from "../audit/record-audit";
import { notFound } from "../errors";
import { db } from "../db/client";
import type { Room } from "../generated/prisma/client";
import { type FolderUpdate, MAX_FOLDER_DEPTH } from "../schemas/rooms";
import { childrenOf, depthOf, heightOf, isWithin } from "./folder-tree";
import { lockRoom } from "./lock-room";
import { folderEntry } from "./room-contents";
import { invalidField, notAFolder, tooDeep } from "./room-refusals";
import { placed, writeFolderOrder } from "./sibling-order";

/**
 * Renames a folder, moves it (with everything in it) into another folder or to the top level, and
 * puts it at a place among its siblings. Moved without a position, it goes last. A folder cannot go
 * into itself or one of its subfolders, nor deeper than the depth limit allows its subfolders.
 */
export async function changeFolder(by: AuditActor, room: Room, folderId: string, update: FolderUpdate) {
  return db.$transaction(async (tx) => {
    await lockRoom(tx, room.id);
    const folders = await tx.roomFolder.findMany({ where: { roomId: room.id } });
    const folder = folders.find((f) => f.id === folderId);
    if (!folder) throw notFound("Folder");
    const parentId = update.parent_id === undefined ? folder.parentId : update.parent_id;
    const moves = parentId !== folder.parentId;
    if (moves && parentId !== null) {
      if (!folders.some((f) => f.id === parentId)) throw notAFolder("parent_id");
      if (isWithin(folders, parentId, folder.id))
        throw invalidField("parent_id", "A folder cannot move into itself or one of its subfolders");
      const depth = depthOf(folders, parentId) + heightOf(folders, folder.id);
      if (depth > MAX_FOLDER_DEPTH) throw tooDeep(depth);
    }
    const before = { name: folder.name, parent: nameOf(folders, folder.parentId), position: positionOf(folders, folder) };
    const updated = await tx.roomFolder.update({
      where: { id: folder.id },
      data: { ...(update.name !== undefined && { name: update.name }), parentId },
    });
    if (moves || update.position !== undefined) {
      const siblings = childrenOf(folders, parentId).map((f) => f.id);
      await writeFolderOrder(tx, placed(siblings, folder.id, update.position));
    }
    const entry = await folderEntry(tx, updated);
    const changes = fieldChanges(before, { name: updated.name, parent: nameOf(folders, parentId), position: entry.position });
    if (changes)
      await recordAudit(tx, by, {
        action: "room.folders_changed",
        target: { id: room.id, label: room.name },
        details: { change: moves ? "moved" : "changed", folder: { id: updated.id, name: updated.name }, changes },
      });
    return entry;
  });
}

type Folders = Parameters<typeof childrenOf>[0];

/** A folder's name, null for the top level. */
const nameOf = (folders: Folders, id: string | null) => folders.find((f) => f.id === id)?.name ?? null;

const positionOf = (folders: Folders, folder: Folders[number]) =>
  childrenOf(folders, folder.parentId).findIndex((sibling) => sibling.id === folder.id);
