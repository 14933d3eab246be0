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
 * documents (not deleted), by folder and in their order. Two indexed reads whatever the room's size;
 * the page draws them (room-page.tsx).
 */
export async function roomReaderContents(roomId: string): Promise<{ folders: ReaderFolder[]; documents: ReaderDocument[] }> {
  const [folders, entries] = await Promise.all([
    db.roomFolder.findMany({ where: { roomId }, select: { id: true, name: true, parentId: true, position: true, createdAt: true } }),
    db.roomDocument.findMany({
      where: { roomId, document: { deletedAt: null } },
      orderBy: [{ position: "asc" }, { addedAt: "asc" }, { documentId: "asc" }],
      select: {
        folderId: true,
        document: { select: { code: true, title: true, pageCount: true, version: true, pageImages: true } },
      },
    }),
  ]);
  return {
    folders: treeOrder(folders).map(({ id, name, parentId }) => ({ id, name, parentId })),
    documents: entries.map(({ folderId, document }) => ({
      code: document.code,
      title: document.title,
      pageCount: document.pageCount,
      version: document.version,
      thumbnail: document.pageImages > 0,
      folderId,
    })),
  };
}
