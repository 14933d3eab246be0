import { db } from "../db/client";
import { treeOrder } from "./folder-tree";
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
};

/**
 * What a room's reader is shown once through its gate: the folders, each after its parent, and the
 * documents (not deleted), by folder and in their order, each with its index number. Two indexed reads whatever the room's size,
 * the documents' one join in SQL: through the relation Prisma would send a second query naming every
 * document and join the rows in JavaScript, which at 500 documents cost more than the rest of the read
 * (bench:room). The page draws them (room-page.tsx).
 */
export async function roomReaderContents(roomId: string): Promise<{ folders: ReaderFolder[]; documents: ReaderDocument[] }> {
  const [folders, documents] = await Promise.all([
    db.roomFolder.findMany({ where: { roomId }, select: { id: true, name: true, parentId: true, position: true, createdAt: true } }),
    db.$queryRaw<Omit<ReaderDocument, "index">[]>`
      SELECT d.code, d.title, d.page_count AS "pageCount", d.version, d.page_images > 0 AS thumbnail, e.folder_id AS "folderId"
      FROM room_documents e JOIN documents d ON d.id = e.document_id
      WHERE e.room_id = ${roomId}::uuid AND d.deleted_at IS NULL
      ORDER BY e.position, e.added_at, e.document_id`,
  ]);
  const ordered = treeOrder(folders);
  const index = roomIndex(ordered, documents);
  return {
    folders: ordered.map(({ id, name, parentId }, at) => ({ id, name, parentId, index: index.folders[at]! })),
    documents: documents.map((document, at) => ({ ...document, index: index.documents[at]! })),
  };
}
