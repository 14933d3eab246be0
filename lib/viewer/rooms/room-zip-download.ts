import { randomUUID } from "node:crypto";
import { isbot } from "isbot";
import { db } from "../../db/client";
import type { Access } from "../grants/access";
import type { Downloader } from "../files/downloadable-file";
import { newViewerAllowance } from "../doors/limits";
import { type RoomShare, sharedRoomDocument } from "./public-room";
import { recordDownload } from "../tracking/record-download";
import type { RecordZipEntry } from "./room-zip";
import { withRoomReader } from "./room-reader";

/**
 * How a reader's whole-room ZIP is recorded: as a download of each document in it, through the
 * single download's own path (`recordDownload`: the row, `document.downloaded`, the repeat rule)
 * with the room's rules applied and the reader known as that document's reader would be
 * (`withRoomReader`), every row marked with one id for the archive. Null when nothing is recorded:
 * the owner previewing, or a bot.
 */
export async function roomZipRecorder(
  share: RoomShare,
  access: Access,
  reader: Omit<Downloader, "mayAddViewer">,
): Promise<RecordZipEntry | null> {
  if (access.ownerPreview || isbot(reader.userAgent)) return null;
  // Read now, while the response's cookies may still be set: the entries are recorded as the archive streams.
  const browserId = await reader.browserId();
  const roomZipId = randomUUID();
  return async (documentId) => {
    const row = await db.document.findFirst({ where: { id: documentId, deletedAt: null } });
    if (!row) return;
    // The ZIP holds only what the reader may download.
    const doc = sharedRoomDocument(row, share, "download");
    const readerAccess = await withRoomReader(doc, access, browserId, reader.address);
    await recordDownload(doc, readerAccess, browserId, newViewerAllowance(doc.id, reader.address), roomZipId);
  };
}
