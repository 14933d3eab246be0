import type { AuditActor } from "../audit/record-audit";
import { db } from "../db/client";
import type { Room } from "../generated/prisma/client";
import { addFolder } from "./create-folder";
import { childrenOf, type FolderRow } from "./folder-tree";
import { lockRoom } from "./lock-room";
import { notAFolder } from "./room-refusals";

/**
 * The folder at `path` (folder names, outermost first) under `baseId` (null: the top level), each
 * missing folder on the way made last among its siblings: what a dropped folder of files becomes.
 * A folder already there with the name is used, so files of one drop, uploaded several at a time,
 * land in one tree; the room's lock makes the lookups and creations of two uploads take turns.
 * Null for the top level itself.
 */
export async function folderAtPath(by: AuditActor, room: Room, baseId: string | null, path: readonly string[]): Promise<string | null> {
  if (path.length === 0 && baseId === null) return null;
  return db.$transaction(async (tx) => {
    await lockRoom(tx, room.id);
    const folders: FolderRow[] = await tx.roomFolder.findMany({ where: { roomId: room.id } });
    let at: FolderRow | null = baseId === null ? null : (folders.find((folder) => folder.id === baseId) ?? null);
    if (baseId !== null && at === null) throw notAFolder("folder_id");
    for (const name of path) {
      at =
        childrenOf(folders, at?.id ?? null).find((folder) => folder.name === name) ??
        (await addFolder(tx, by, room, folders, at, name)).folder;
    }
    return at?.id ?? null;
  });
}
