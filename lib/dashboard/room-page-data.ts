import { db } from "../db/client";
import { apiShortCode } from "../documents/short-code";
import { findOwnedRoom } from "../rooms/find-room";
import { listRoomLinks } from "../rooms/list-room-links";
import { roomDetail } from "../rooms/room-contents";
import { config } from "../config";
import { roomLinkRow } from "./room-link-rows";

const LINKS_SHOWN = 100;

/**
 * What the dashboard's room page shows: the room with its folders and documents, its links, and
 * the team's documents not in it yet (the add select), who made it, and how uploads work. Throws `not_found` for
 * another team's room.
 */
export async function roomPageData(teamId: string, id: string) {
  const room = await findOwnedRoom(teamId, id);
  const [detail, links, documents] = await Promise.all([
    roomDetail(room),
    listRoomLinks(room, 1, LINKS_SHOWN),
    db.document.findMany({
      where: { teamId, deletedAt: null, rooms: { none: { roomId: room.id } } },
      orderBy: [{ title: "asc" }, { id: "asc" }],
      select: { code: true, title: true },
    }),
  ]);
  return {
    detail,
    /** Who made it: a member may delete only their own rooms. */
    madeBy: room.createdById,
    links: links.links.map(roomLinkRow),
    upload: { maxUploadMb: config().MAX_UPLOAD_MB, direct: config().STORAGE_DRIVER === "uploadthing" },
    addable: documents.map((doc): [string, string] => [apiShortCode(doc.code), doc.title]),
  };
}
