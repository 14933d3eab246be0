import { db } from "../db/client";
import { shareUrl } from "../documents/short-code";
import { roomActivity } from "../room-analytics/room-activity";
import { roomLinkStats } from "../room-analytics/room-link-stats";
import { findOwnedRoom } from "../rooms/find-room";
import { findRoomLink } from "../rooms/find-room-link";
import { serializeRoomLink } from "../rooms/serialize-room-link";
import { roomActivityQuery } from "../schemas/room-analytics";
import { ACTIVITY_PER_PAGE } from "./room-activity-page-data";
import { type RoomLinkRow, roomLinkRow } from "./room-link-rows";

/**
 * What a room link's own page shows: the link (its URL, group and rules in words), what readers did
 * through it, and its page of the room's activity record. The room's own code is a link too (the
 * room's default one). Throws `not_found` for another team's room and for no link of this room.
 */
export async function roomLinkPageData(teamId: string, id: string, code: string, page: string | undefined) {
  const room = await findOwnedRoom(teamId, id);
  const own = code === room.code;
  const link = own ? null : await findRoomLink(room, code);
  const query = roomActivityQuery.safeParse({ link: code, page, per_page: ACTIVITY_PER_PAGE });
  const [stats, record, group] = await Promise.all([
    roomLinkStats(room, link?.id ?? null),
    roomActivity(room, query.success ? query.data : roomActivityQuery.parse({ link: code, per_page: ACTIVITY_PER_PAGE })),
    link?.groupId ? db.roomGroup.findUnique({ where: { id: link.groupId }, select: { name: true } }) : null,
  ]);
  const row: RoomLinkRow = link
    ? roomLinkRow(serializeRoomLink(link, room))
    : {
        code: room.code,
        url: shareUrl(room.code),
        name: "The room’s own link",
        isActive: true,
        overrides: {},
        overridden: "Follows the room's settings.",
        groupId: null,
      };
  return { room: { id: room.id, name: room.name }, link: row, own, group: group?.name ?? null, stats, ...record };
}
