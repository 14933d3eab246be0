import type { Tx } from "../db/client";

/**
 * Folders are ordered among the folders of their parent, documents among the documents of their
 * folder. Stored positions may have gaps (a document deleted from the team leaves the room's
 * lists), so a place is always an index in the current order, and every reorder writes the whole
 * order of the siblings it changed: 0, 1, 2…
 */

/** `ids` without `id`, then with it at `index` (past the end, or left out: last). */
export function placed(ids: readonly string[], id: string, index = Number.POSITIVE_INFINITY): string[] {
  const others = ids.filter((other) => other !== id);
  const at = Math.min(index, others.length);
  return [...others.slice(0, at), id, ...others.slice(at)];
}

/** The room's documents in one folder (null: the top level), in order; documents deleted from the team are left out. */
export async function documentOrder(tx: Tx, roomId: string, folderId: string | null): Promise<string[]> {
  const rows = await tx.roomDocument.findMany({
    where: { roomId, folderId, document: { deletedAt: null } },
    orderBy: [{ position: "asc" }, { addedAt: "asc" }, { documentId: "asc" }],
    select: { documentId: true },
  });
  return rows.map((row) => row.documentId);
}

/** Numbers the room's documents 0, 1, 2… in the order given (one statement, however many). */
export async function writeDocumentOrder(tx: Tx, roomId: string, documentIds: readonly string[]): Promise<void> {
  await tx.$executeRaw`
    UPDATE room_documents AS rd SET position = v.n - 1
    FROM unnest(${documentIds}::uuid[]) WITH ORDINALITY AS v(document_id, n)
    WHERE rd.room_id = ${roomId}::uuid AND rd.document_id = v.document_id AND rd.position <> v.n - 1`;
}

/** Numbers folders 0, 1, 2… in the order given. */
export async function writeFolderOrder(tx: Tx, folderIds: readonly string[]): Promise<void> {
  await tx.$executeRaw`
    UPDATE room_folders AS f SET position = v.n - 1
    FROM unnest(${folderIds}::uuid[]) WITH ORDINALITY AS v(id, n)
    WHERE f.id = v.id AND f.position <> v.n - 1`;
}
