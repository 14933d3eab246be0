import type { z } from "zod";
import { db, type Tx } from "../db/client";
import type { Room } from "../generated/prisma/client";
import type { roomDetailSchema, roomDocumentSchema, roomFolderSchema } from "../schemas/rooms";
import { childrenOf, type FolderRow, treeOrder } from "./folder-tree";
import { groupLevels } from "./group-levels";
import { groupRulesFields, rulesOf } from "./group-visibility";
import { roomIndex } from "./room-index";
import { serializeFolder, serializeRoom, serializeRoomDocument } from "./serialize-room";
import { documentOrder } from "./sibling-order";

const documentFields = { select: { code: true, title: true, pageCount: true } } as const;

/** How many of the team's (not deleted) documents the room holds. */
export const roomDocumentsCount = (roomId: string, client: Tx = db) =>
  client.roomDocument.count({ where: { roomId, document: { deletedAt: null } } });

/**
 * The room with its groups, its folders (each after its parent) and its documents (by folder, in
 * order), each folder and document with its level for every group: the one it gets and the one set on it.
 */
export async function roomDetail(room: Room): Promise<z.input<typeof roomDetailSchema>> {
  const [folders, entries, groups] = await Promise.all([
    db.roomFolder.findMany({ where: { roomId: room.id } }),
    db.roomDocument.findMany({
      where: { roomId: room.id, document: { deletedAt: null } },
      orderBy: [{ position: "asc" }, { addedAt: "asc" }, { documentId: "asc" }],
      include: { document: documentFields },
    }),
    db.roomGroup.findMany({
      where: { roomId: room.id },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, name: true, ...groupRulesFields },
    }),
  ]);
  const perGroup = groups.map((group) => {
    const rules = rulesOf(group);
    return { group, rules, levels: groupLevels(folders, rules) };
  });
  const ordered = treeOrder(folders);
  const placedIn = new Map<string, number>();
  const place = (container: string) => {
    const position = placedIn.get(container) ?? 0;
    placedIn.set(container, position + 1);
    return position;
  };
  const byFolder = new Map<string | null, typeof entries>();
  for (const entry of entries) {
    const inFolder = byFolder.get(entry.folderId);
    if (inFolder) inFolder.push(entry);
    else byFolder.set(entry.folderId, [entry]);
  }
  const documents = [null, ...ordered.map((folder) => folder.id)].flatMap((folderId) => byFolder.get(folderId) ?? []);
  const index = roomIndex(ordered, documents);
  return {
    ...serializeRoom(room, entries.length),
    groups: perGroup.map(({ group, rules }) => ({ id: group.id, name: group.name, default_access: rules.defaultAccess })),
    folders: ordered.map((folder, at) => ({
      ...serializeFolder(folder, place(`folder:${folder.parentId}`), index.folders[at]!),
      access: perGroup.map(({ group, rules, levels }) => ({
        group_id: group.id,
        level: levels.folder(folder.id),
        set: rules.folders.get(folder.id) ?? null,
        inherited: levels.inherited(folder.parentId),
      })),
    })),
    documents: documents.map((entry, at) => ({
      ...serializeRoomDocument(entry, place(`document:${entry.folderId}`), index.documents[at]!),
      access: perGroup.map(({ group, rules, levels }) => ({
        group_id: group.id,
        level: levels.document(entry.documentId, entry.folderId),
        set: rules.documents.get(entry.documentId) ?? null,
        inherited: levels.inherited(entry.folderId),
      })),
    })),
  };
}

/** Every folder's and document's index number in the room now, by folder id and by document id. */
export async function roomIndexNumbers(roomId: string, client: Tx = db): Promise<Map<string, string>> {
  const [folders, entries] = await Promise.all([
    client.roomFolder.findMany({ where: { roomId }, select: { id: true, parentId: true, name: true, position: true, createdAt: true } }),
    client.roomDocument.findMany({
      where: { roomId, document: { deletedAt: null } },
      orderBy: [{ position: "asc" }, { addedAt: "asc" }, { documentId: "asc" }],
      select: { documentId: true, folderId: true },
    }),
  ]);
  const ordered = treeOrder(folders);
  const index = roomIndex(ordered, entries);
  return new Map([
    ...ordered.map((folder, at) => [folder.id, index.folders[at]!] as const),
    ...entries.map((entry, at) => [entry.documentId, index.documents[at]!] as const),
  ]);
}

/** One folder as the API shows it, its position its index among its siblings now. */
export async function folderEntry(tx: Tx, folder: FolderRow & { roomId: string }): Promise<z.input<typeof roomFolderSchema>> {
  const siblings = childrenOf(
    await tx.roomFolder.findMany({ where: { roomId: folder.roomId, parentId: folder.parentId } }),
    folder.parentId,
  );
  return serializeFolder(
    folder,
    siblings.findIndex((sibling) => sibling.id === folder.id),
    (await roomIndexNumbers(folder.roomId, tx)).get(folder.id)!,
  );
}

/** One document of the room as the API shows it, its position its index in its folder now. */
export async function roomDocumentEntry(tx: Tx, roomId: string, documentId: string): Promise<z.input<typeof roomDocumentSchema>> {
  const entry = await tx.roomDocument.findUniqueOrThrow({
    where: { roomId_documentId: { roomId, documentId } },
    include: { document: documentFields },
  });
  return serializeRoomDocument(
    entry,
    (await documentOrder(tx, roomId, entry.folderId)).indexOf(documentId),
    (await roomIndexNumbers(roomId, tx)).get(documentId)!,
  );
}
