import { downloadDisposition } from "@/lib/documents/download-name";
import { ApiError } from "@/lib/errors";
import { browserId } from "@/lib/http/viewer-request-context";
import { withShareLink } from "@/lib/http/with-share-link";
import { consumeRoomZip, roomZip, roomZipContents } from "@/lib/viewer/rooms/room-zip";
import { roomZipRecorder } from "@/lib/viewer/rooms/room-zip-download";
import { readerWatermark } from "@/lib/viewer/files/watermark";

/**
 * The whole room as one ZIP, where the room allows downloads: streamed as it is written (bounded
 * memory whatever the room's size, lib/zip), each PDF the reader's watermarked copy when the room
 * has a watermark, each recorded as the reader's download of that document when the ZIP reaches it.
 * Counted whole before the first byte (ROOM_ZIP_LIMITS). A document's code has no ZIP. `?index=1`
 * begins each folder's and file's name with its index number, as the reader's tree offers it.
 */
export const GET = withShareLink(
  "download",
  async () => {
    throw new ApiError("not_found", "Only a room can be downloaded as a ZIP.");
  },
  {
    room: async ({ req, share, access, address }) => {
      if (!access.canDownload) {
        throw new ApiError("forbidden", access.fullFile ? "Downloads are turned off for this room." : "Open the room first.");
      }
      const contents = await roomZipContents(share.id, share.roomLink?.groupId ?? null, new URL(req.url).searchParams.get("index") === "1");
      if (contents.documents.length === 0) throw new ApiError("not_found", "This room has no documents to download.");
      await consumeRoomZip(share.id, address);
      const text = readerWatermark(share, access, address);
      const record = await roomZipRecorder(share, access, { address, userAgent: req.headers.get("user-agent"), browserId });
      return new Response(roomZip(contents.folders, contents.documents, text ? { text, address } : null, record), {
        headers: {
          "Content-Type": "application/zip",
          "Content-Disposition": downloadDisposition(share.title, "zip"),
          // no-transform: the server must not compress it again or buffer it.
          "Cache-Control": "private, no-store, no-transform",
        },
      });
    },
  },
);
