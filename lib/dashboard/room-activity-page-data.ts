import { db } from "../db/client";
import type { Room } from "../generated/prisma/client";
import { presentParams } from "../request/present-params";
import { roomActivity } from "../room-analytics/room-activity";
import { findOwnedRoom } from "../rooms/find-room";
import { type RoomActivityQuery, roomActivityQuery } from "../schemas/room-analytics";

export const ACTIVITY_PER_PAGE = "50";

/** The filters the page and its CSV read from the URL, as the API reads them; anything unreadable (or a link or group that is not the room's) drops them all. */
export async function roomActivityFilters(
  room: Room,
  search: Record<string, string | string[] | undefined>,
  perPage = ACTIVITY_PER_PAGE,
): Promise<{ raw: Record<string, string>; query: RoomActivityQuery; understood: boolean }> {
  const raw = presentParams(search);
  const parsed = roomActivityQuery.safeParse({ ...raw, per_page: perPage });
  const linkKnown =
    !raw.link || raw.link === room.code || (await db.roomLink.count({ where: { roomId: room.id, code: raw.link, deletedAt: null } })) > 0;
  const groupKnown =
    !parsed.success || !parsed.data.group_id || (await db.roomGroup.count({ where: { roomId: room.id, id: parsed.data.group_id } })) > 0;
  if (parsed.success && linkKnown && groupKnown) return { raw, query: parsed.data, understood: true };
  return { raw, query: roomActivityQuery.parse({ per_page: perPage }), understood: false };
}

/**
 * What the room's activity page shows for its query: one page of the record with the API's filters,
 * and the room's codes for the link filter (its own, then its links, newest first). Throws
 * `not_found` for another team's room.
 */
export async function roomActivityPageData(teamId: string, id: string, search: Record<string, string | string[] | undefined>) {
  const room = await findOwnedRoom(teamId, id);
  const { raw, query, understood } = await roomActivityFilters(room, search);
  const [record, links, groups] = await Promise.all([
    roomActivity(room, query),
    db.roomLink.findMany({
      where: { roomId: room.id, deletedAt: null },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      select: { code: true, name: true },
    }),
    db.roomGroup.findMany({ where: { roomId: room.id }, orderBy: [{ name: "asc" }, { id: "asc" }], select: { id: true, name: true } }),
  ]);
  const filtered = Boolean(raw.kind || raw.link || raw.group_id || raw.email || raw.short_code || raw.since || raw.until);
  return {
    room: { id: room.id, name: room.name },
    raw,
    understood,
    filtered,
    links: [[room.code, "The room’s own link"], ...links.map((link): [string, string] => [link.code, link.name])] as Array<
      [string, string]
    >,
    groups: groups.map((group): [string, string] => [group.id, group.name]),
    ...record,
  };
}
