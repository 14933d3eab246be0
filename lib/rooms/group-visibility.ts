import { db, type Tx } from "../db/client";
import type { RoomAccessLevel } from "../generated/prisma/client";
import { type GroupLevels, type GroupRules, groupLevels } from "./group-levels";

/** What to read of a group for its rules. */
export const groupRulesFields = {
  defaultAccess: true,
  access: { select: { folderId: true, documentId: true, level: true } },
} as const;

type StoredGroup = {
  defaultAccess: RoomAccessLevel;
  access: { folderId: string | null; documentId: string | null; level: RoomAccessLevel }[];
};

/** A group's levels as stored: its default and the levels set on folders and documents. */
export async function groupRules(groupId: string, client: Tx = db): Promise<GroupRules> {
  const group = await client.roomGroup.findUnique({ where: { id: groupId }, select: groupRulesFields });
  // A group deleted meanwhile takes its links with it; until the reader's next request, nothing shows.
  return group ? rulesOf(group) : { defaultAccess: "none", folders: new Map(), documents: new Map() };
}

export function rulesOf(group: StoredGroup): GroupRules {
  const folders = new Map<string, RoomAccessLevel>();
  const documents = new Map<string, RoomAccessLevel>();
  for (const { folderId, documentId, level } of group.access) {
    if (folderId) folders.set(folderId, level);
    else if (documentId) documents.set(documentId, level);
  }
  return { defaultAccess: group.defaultAccess, folders, documents };
}

/**
 * What a group's readers may reach in a room, read as it stands now: every door of a room read
 * through a group's link (the tree, each document's page, file, images, layers, download and
 * beacons, the ZIP) asks this, so a change applies at the reader's next request.
 */
export async function groupVisibility(roomId: string, groupId: string): Promise<GroupLevels> {
  const [folders, rules] = await Promise.all([
    db.roomFolder.findMany({ where: { roomId }, select: { id: true, parentId: true } }),
    groupRules(groupId),
  ]);
  return groupLevels(folders, rules);
}
