import type { RoomAccessLevel } from "../generated/prisma/client";

/** The levels from least to most: a group's readers get a folder or document at one of them. */
export const ACCESS_LEVELS = ["none", "view", "download"] as const satisfies readonly RoomAccessLevel[];

const rank = (level: RoomAccessLevel) => ACCESS_LEVELS.indexOf(level);

/** The lower of two levels. */
export const lowerOf = (a: RoomAccessLevel, b: RoomAccessLevel): RoomAccessLevel => (rank(a) <= rank(b) ? a : b);

/** Whether `level` lets a reader at least as far as `wanted`. */
export const reaches = (level: RoomAccessLevel, wanted: RoomAccessLevel) => rank(level) >= rank(wanted);

export type GroupRules = {
  defaultAccess: RoomAccessLevel;
  /** The levels set on folders and on documents (by document id). */
  folders: ReadonlyMap<string, RoomAccessLevel>;
  documents: ReadonlyMap<string, RoomAccessLevel>;
};

export type GroupLevels = {
  folder: (folderId: string) => RoomAccessLevel;
  document: (documentId: string, folderId: string | null) => RoomAccessLevel;
  /** What a folder or document in `folderId` (null: the top level) gets with no level set on it. */
  inherited: (folderId: string | null) => RoomAccessLevel;
};

/**
 * A group's effective level for every folder and document of a room, in one pass over its folders.
 * The top level has no ceiling: a top-level folder or document takes the level set on it, else the
 * group's default (so what is added later gets the default). Below, a folder or document inherits
 * its parent's level, and a level set on it may only lower that: `none` on a folder hides all it
 * holds, whatever is set inside.
 */
export function groupLevels(folders: readonly { id: string; parentId: string | null }[], rules: GroupRules): GroupLevels {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const levels = new Map<string, RoomAccessLevel>();
  const own = (parent: RoomAccessLevel | null, set: RoomAccessLevel | undefined): RoomAccessLevel =>
    parent === null ? (set ?? rules.defaultAccess) : set ? lowerOf(parent, set) : parent;
  const folderLevel = (id: string): RoomAccessLevel => {
    const known = levels.get(id);
    if (known) return known;
    // Walked up iteratively: a chain of folders is at most MAX_FOLDER_DEPTH long, but the rows could say otherwise.
    const chain: string[] = [];
    const seen = new Set<string>();
    for (let at: string | null = id; at && !levels.has(at) && !seen.has(at); at = byId.get(at)?.parentId ?? null) {
      seen.add(at);
      chain.push(at);
    }
    for (const folderId of chain.reverse()) {
      const parentId = byId.get(folderId)?.parentId ?? null;
      const parent = parentId && levels.has(parentId) ? levels.get(parentId)! : null;
      levels.set(folderId, own(parent, rules.folders.get(folderId)));
    }
    return levels.get(id)!;
  };
  for (const folder of folders) folderLevel(folder.id);
  return {
    folder: (folderId) => levels.get(folderId) ?? "none",
    document: (documentId, folderId) => own(folderId === null ? null : (levels.get(folderId) ?? "none"), rules.documents.get(documentId)),
    inherited: (folderId) => (folderId === null ? rules.defaultAccess : (levels.get(folderId) ?? "none")),
  };
}
