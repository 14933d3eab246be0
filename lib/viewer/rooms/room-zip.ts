import { db } from "../../db/client";
import { ApiError } from "../../errors";
import { consumeRateLimit, rateLimitHeaders, type RateLimitState } from "../../rate-limit";
import { now } from "../../time";
import { ROOM_ZIP_LIMITS } from "../doors/limits";
import type { Document } from "../../generated/prisma/client";
import { treeOrder } from "../../rooms/folder-tree";
import { groupLevels } from "../../rooms/group-levels";
import { groupRules } from "../../rooms/group-visibility";
import { roomIndex } from "../../rooms/room-index";
import { roomZipPaths, type ZipDocument, type ZipFolder } from "../../rooms/room-zip-paths";
import { storage } from "../../storage";
import { zipStream } from "../../zip/zip-stream";
import { watermarkedCopy } from "../files/watermark-download";

/** A document of the room as `roomDetail` lists it, with the stored file it stands for. */
export type RoomZipDocument = ZipDocument & { document: Pick<Document, "id" | "storageKey"> };

/** The reader's filled watermark (`readerWatermark`) and the address its copies count against. */
export type RoomZipWatermark = { text: string; address: string };

/** Records the reader's download of one document of the ZIP (lib/viewer/rooms/room-zip-download.ts). */
export type RecordZipEntry = (documentId: string) => Promise<void>;

/**
 * The whole room as one ZIP, streamed: its documents in the room's order at the paths
 * `roomZipPaths` gives, each the stored original or, with a watermark, the reader's watermarked
 * copy (`watermarkedCopy`: cached, or made in the PDF worker when the ZIP reaches the document, one
 * at a time). Every file is read as a stream, so the web process holds a few chunks whatever the
 * room's size. A missing file, a busy worker or a watermark limit met midway errors the stream.
 * Each document's download is recorded (`record`) once its file is open, when the ZIP reaches it:
 * a reader who stops halfway is recorded for what they were sent, and a file that cannot be opened
 * records nothing.
 */
export function roomZip(
  folders: readonly ZipFolder[],
  documents: readonly RoomZipDocument[],
  watermark: RoomZipWatermark | null,
  record: RecordZipEntry | null,
): ReadableStream<Uint8Array> {
  return zipStream(
    roomZipPaths(folders, documents).map(({ document: { document }, path }) => ({
      path,
      open: async () => {
        const file = await openFile(document, watermark);
        try {
          await record?.(document.id);
        } catch (error) {
          file.body.destroy();
          throw error;
        }
        return file;
      },
    })),
  );
}

async function openFile(document: RoomZipDocument["document"], watermark: RoomZipWatermark | null) {
  if (watermark) return watermarkedCopy(document, watermark.text, watermark.address, false);
  const stored = await storage().get(document.storageKey);
  if (!stored) throw new ApiError("not_found", "The file is missing.");
  return stored;
}

/**
 * The room's folders and documents (not deleted) as `roomZip` takes them, in the room's order;
 * through a group's link (`groupId`), only the documents the group may download; `withIndex`: each
 * name begins with its index number ("3.2 Financials"), the room's own, as the reader's tree shows it.
 */
export async function roomZipContents(
  roomId: string,
  groupId: string | null,
  withIndex = false,
): Promise<{ folders: ZipFolder[]; documents: RoomZipDocument[] }> {
  const [folders, entries, rules] = await Promise.all([
    db.roomFolder.findMany({ where: { roomId }, select: { id: true, name: true, parentId: true, position: true, createdAt: true } }),
    db.roomDocument.findMany({
      where: { roomId, document: { deletedAt: null } },
      orderBy: [{ position: "asc" }, { addedAt: "asc" }, { documentId: "asc" }],
      select: { folderId: true, document: { select: { id: true, title: true, storageKey: true } } },
    }),
    groupId ? groupRules(groupId) : null,
  ]);
  const levels = rules && groupLevels(folders, rules);
  // As the room shows them: the top level's documents, then each folder's, folders in tree order.
  const ordered = treeOrder(folders);
  const byFolder = new Map<string | null, RoomZipDocument[]>();
  for (const { folderId, document } of entries) {
    const entry = { title: document.title, folder_id: folderId, document };
    const inFolder = byFolder.get(folderId);
    if (inFolder) inFolder.push(entry);
    else byFolder.set(folderId, [entry]);
  }
  const documents = [null, ...ordered.map((folder) => folder.id)].flatMap((folderId) => byFolder.get(folderId) ?? []);
  // Numbered over the whole room, so "3.2" names one document for every group.
  const index = withIndex
    ? roomIndex(
        ordered,
        documents.map((document) => ({ folderId: document.folder_id })),
      )
    : null;
  const numbered = (name: string, number: string | undefined) => (number ? `${number} ${name}` : name);
  return {
    folders: ordered.map((folder, at) => ({ id: folder.id, name: numbered(folder.name, index?.folders[at]), parent_id: folder.parentId })),
    documents: documents
      .map((document, at) => ({ ...document, title: numbered(document.title, index?.documents[at]) }))
      .filter((document) => !levels || levels.document(document.document.id, document.folder_id) === "download"),
  };
}

/** Counts one whole-room ZIP for this address and room; 429 past ROOM_ZIP_LIMITS. */
export async function consumeRoomZip(roomId: string, address: string): Promise<void> {
  const { perAddress, perRoom, windowSeconds } = ROOM_ZIP_LIMITS;
  const at = now();
  const byAddress = await consumeRateLimit(`zip:address:${address}`, at, perAddress, windowSeconds);
  if (!byAddress.allowed) throw tooManyZips(byAddress);
  const byRoom = await consumeRateLimit(`zip:room:${roomId}`, at, perRoom, windowSeconds);
  if (!byRoom.allowed) throw tooManyZips(byRoom);
}

function tooManyZips(state: RateLimitState): ApiError {
  const minutes = Math.ceil(state.retryAfter / 60);
  return new ApiError(
    "rate_limited",
    `Too many downloads of this room right now. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    {
      headers: rateLimitHeaders(state),
    },
  );
}
