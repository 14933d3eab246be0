import { uploadKindsTaken } from "../office/prepare-upload";
import { db } from "../db/client";
import { apiShortCode } from "../documents/short-code";
import { findOwnedRoom } from "../rooms/find-room";
import { listRoomLinks } from "../rooms/list-room-links";
import { roomDetail } from "../rooms/room-contents";
import { roomGroupEntries } from "../rooms/serialize-room-group";
import { permissionRows } from "./room-permission-rows";
import { config } from "../config";
import { roomLinkRow } from "./room-link-rows";

const LINKS_SHOWN = 100;

/**
 * What the dashboard's room page shows: the room with its folders and documents, its links, its
 * groups and what each sees (the permissions grid), and
 * the team's documents not in it yet (the add select), who made it, and how uploads work. Throws `not_found` for
 * another team's room.
 */
export async function roomPageData(teamId: string, id: string) {
  const room = await findOwnedRoom(teamId, id);
  const [detail, links, documents, groups] = await Promise.all([
    roomDetail(room),
    listRoomLinks(room, 1, LINKS_SHOWN),
    db.document.findMany({
      where: { teamId, deletedAt: null, rooms: { none: { roomId: room.id } } },
      orderBy: [{ title: "asc" }, { id: "asc" }],
      select: { code: true, title: true },
    }),
    roomGroupEntries(room.id),
  ]);
  const rows = links.links.map(roomLinkRow);
  return {
    detail,
    /** Who made it: a member may delete only their own rooms. */
    madeBy: room.createdById,
    links: rows,
    groups: groups.map((group) => ({
      id: group.id,
      name: group.name,
      defaultAccess: group.default_access,
      links: group.links_count,
      // The owner opening one of its links reads the room as the group does (owner's preview: no gate, nothing recorded).
      viewAsUrl: rows.find((link) => link.groupId === group.id && link.isActive)?.url ?? null,
    })),
    permissions: permissionRows(detail),
    upload: { maxUploadMb: config().MAX_UPLOAD_MB, direct: config().STORAGE_DRIVER === "uploadthing", uploadKinds: uploadKindsTaken() },
    addable: documents.map((doc): [string, string] => [apiShortCode(doc.code), doc.title]),
  };
}
