import type { Tx } from "../db/client";
import { parseShortCode } from "../documents/short-code";
import type { RoomAccessLevel } from "../generated/prisma/client";
import { invalidField } from "./room-refusals";

type SentEntry<L> = { folder_id?: string; short_code?: string; level: L };

/** A level to store (or, null, to clear) on one of the room's folders or documents. */
export type AccessTarget<L> = { folderId: string | null; documentId: string | null; level: L };

/**
 * The entries sent, each naming a folder or a document of this room, resolved to their ids under
 * the room's lock. Anything else (another room's folder, a document the room does not hold, the same
 * folder or document twice) is 422 naming the entry: nothing is stored.
 */
export async function accessTargets<L extends RoomAccessLevel | null>(
  tx: Tx,
  roomId: string,
  entries: readonly SentEntry<L>[],
): Promise<AccessTarget<L>[]> {
  const codes = entries.flatMap((entry) => (entry.short_code === undefined ? [] : [parseShortCode(entry.short_code) ?? ""]));
  const [folders, documents] = await Promise.all([
    tx.roomFolder.findMany({ where: { roomId }, select: { id: true } }),
    codes.length === 0
      ? []
      : tx.roomDocument.findMany({
          where: { roomId, document: { code: { in: codes }, deletedAt: null } },
          select: { documentId: true, document: { select: { code: true } } },
        }),
  ]);
  const folderIds = new Set(folders.map((folder) => folder.id));
  const documentIds = new Map(documents.map((entry) => [entry.document.code, entry.documentId]));
  const seen = new Set<string>();
  return entries.map((entry, index) => {
    const field = `access.${index}.${entry.folder_id === undefined ? "short_code" : "folder_id"}`;
    const folderId = entry.folder_id ?? null;
    const documentId = entry.short_code === undefined ? null : (documentIds.get(parseShortCode(entry.short_code) ?? "") ?? null);
    if (entry.folder_id !== undefined && !folderIds.has(entry.folder_id)) {
      throw invalidField(field, `${field} must be the id of a folder of this room`);
    }
    if (entry.short_code !== undefined && documentId === null) {
      throw invalidField(field, `${field} must be the short code of a document of this room`);
    }
    const key = folderId ?? documentId!;
    if (seen.has(key)) throw invalidField(field, `${field} names a folder or document already listed`);
    seen.add(key);
    return { folderId, documentId, level: entry.level };
  });
}
