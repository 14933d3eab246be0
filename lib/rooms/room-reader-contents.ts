import { db } from "../db/client";
import { treeOrder } from "./folder-tree";
import { groupRules } from "./group-visibility";
import { groupLevels } from "./group-levels";
import { roomIndex } from "./room-index";

/** `index`: its index number in the room (room-index.ts). */
export type ReaderFolder = { id: string; name: string; parentId: string | null; index: string };
export type ReaderDocument = {
  code: string;
  title: string;
  pageCount: number;
  version: number;
  /** Page 1 has a server-rendered image to show as a thumbnail. */
  thumbnail: boolean;
  folderId: string | null;
  index: string;
  /** The opened link's group may download it (the room's own rule still applies). */
  downloadable: boolean;
};

/**
 * What a room's reader is shown once through its gate: the folders, each after its parent, and the
 * documents (not deleted), by folder and in their order, each with its index number. Two indexed reads whatever the room's size,
 * the documents' one join in SQL: through the relation Prisma would send a second query naming every
 * document and join the rows in JavaScript, which at 500 documents cost more than the rest of the read
 * (bench:room). The page draws them (room-page.tsx). Through a group's link (`groupId`), only what
 * the group may see: a folder or document at `none` is left out, and so is all a hidden folder holds,
 * so the reader's search (over these documents) cannot find it either.
 */
export async function roomReaderContents(
  roomId: string,
  groupId: string | null,
): Promise<{ folders: ReaderFolder[]; documents: ReaderDocument[] }> {
  const [folders, rows, rules] = await Promise.all([
    db.roomFolder.findMany({ where: { roomId }, select: { id: true, name: true, parentId: true, position: true, createdAt: true } }),
    db.$queryRaw<Array<Omit<ReaderDocument, "downloadable" | "index"> & { documentId: string }>>`
      SELECT d.code, d.title, d.page_count AS "pageCount", d.version, d.page_images > 0 AS thumbnail, e.folder_id AS "folderId",
        e.document_id AS "documentId"
      FROM room_documents e JOIN documents d ON d.id = e.document_id
      WHERE e.room_id = ${roomId}::uuid AND d.deleted_at IS NULL
      ORDER BY e.position, e.added_at, e.document_id`,
    groupId ? groupRules(groupId) : null,
  ]);
  const ordered = treeOrder(folders);
  // Numbered over the whole room, so "3.2" names one document for every group.
  const index = roomIndex(ordered, rows);
  const levels = rules && groupLevels(folders, rules);
  const shown = ordered.flatMap(({ id, name, parentId }, at) =>
    levels && levels.folder(id) === "none" ? [] : [{ id, name, parentId, index: index.folders[at]! }],
  );
  const documents = rows.flatMap(({ documentId, ...document }, at) => {
    const level = levels ? levels.document(documentId, document.folderId) : "download";
    return level === "none" ? [] : [{ ...document, index: index.documents[at]!, downloadable: level === "download" }];
  });
  return { folders: shown, documents };
}
