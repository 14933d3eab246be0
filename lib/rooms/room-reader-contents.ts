import { db } from "../db/client";
import { treeOrder } from "./folder-tree";

export type ReaderFolder = { id: string; name: string; parentId: string | null };
export type ReaderDocument = {
  code: string;
  title: string;
  pageCount: number;
  version: number;
  /** Page 1 has a server-rendered image to show as a thumbnail. */
  thumbnail: boolean;
  folderId: string | null;
};

/**
 * What a room's reader is shown once through its gate: the folders, each after its parent, and the
 * documents (not deleted), by folder and in their order. Two indexed reads whatever the room's size,
 * the documents' one join in SQL: through the relation Prisma would send a second query naming every
 * document and join the rows in JavaScript, which at 500 documents cost more than the rest of the read
 * (bench:room). The page draws them (room-page.tsx).
 */
export async function roomReaderContents(roomId: string): Promise<{ folders: ReaderFolder[]; documents: ReaderDocument[] }> {
  const [folders, documents] = await Promise.all([
    db.roomFolder.findMany({ where: { roomId }, select: { id: true, name: true, parentId: true, position: true, createdAt: true } }),
    db.$queryRaw<ReaderDocument[]>`
      SELECT d.code, d.title, d.page_count AS "pageCount", d.version, d.page_images > 0 AS thumbnail, e.folder_id AS "folderId"
      FROM room_documents e JOIN documents d ON d.id = e.document_id
      WHERE e.room_id = ${roomId}::uuid AND d.deleted_at IS NULL
      ORDER BY e.position, e.added_at, e.document_id`,
  ]);
  return { folders: treeOrder(folders).map(({ id, name, parentId }) => ({ id, name, parentId })), documents };
}
