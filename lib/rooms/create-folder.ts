import { type AuditActor, recordAudit } from "../audit/record-audit";
import type { Tx } from "../db/client";
import { db } from "../db/client";
import type { Room } from "../generated/prisma/client";
import { type FolderCreate, MAX_FOLDER_DEPTH, MAX_ROOM_FOLDERS } from "../schemas/rooms";
import { childrenOf, depthOf, type FolderRow } from "./folder-tree";
import { lockRoom } from "./lock-room";
import { notAFolder, tooDeep, tooManyFolders } from "./room-refusals";
import { folderEntry } from "./room-contents";

/** A new folder, last among the folders of its parent (or of the top level). */
export async function createFolder(by: AuditActor, room: Room, input: FolderCreate) {
  return db.$transaction(async (tx) => {
    await lockRoom(tx, room.id);
    const folders = await tx.roomFolder.findMany({ where: { roomId: room.id } });
    if (folders.length >= MAX_ROOM_FOLDERS) throw tooManyFolders();
    const parent = input.parent_id ? folders.find((folder) => folder.id === input.parent_id) : null;
    if (parent === undefined) throw notAFolder("parent_id");
    const { folder } = await addFolder(tx, by, room, folders, parent, input.name);
    return folderEntry(tx, folder);
  });
}

/**
 * Under the room's lock, with `folders` its folders as read under it: a folder named `name` made
 * last in `parent` (null: the top level), within the room's bounds, and recorded in the audit log.
 * `folders` gains it, so a caller making several in a row checks each against the ones before.
 */
export async function addFolder(tx: Tx, by: AuditActor, room: Room, folders: FolderRow[], parent: FolderRow | null, name: string) {
  if (folders.length >= MAX_ROOM_FOLDERS) throw tooManyFolders();
  const depth = parent ? depthOf(folders, parent.id) + 1 : 1;
  if (depth > MAX_FOLDER_DEPTH) throw tooDeep(depth);
  const siblings = childrenOf(folders, parent?.id ?? null);
  const folder = await tx.roomFolder.create({
    data: { roomId: room.id, parentId: parent?.id ?? null, name, position: (siblings.at(-1)?.position ?? -1) + 1 },
  });
  folders.push(folder);
  await recordAudit(tx, by, {
    action: "room.folders_changed",
    target: { id: room.id, label: room.name },
    details: { change: "created", folder: { id: folder.id, name: folder.name }, parent: parent?.name ?? null },
  });
  return { folder, siblings: siblings.length };
}
