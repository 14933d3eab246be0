import { notFound } from "../errors";
import { db, type Tx } from "../db/client";
import type { Room, RoomGroup } from "../generated/prisma/client";
import { invalidField } from "./room-refusals";

/** One of the room's groups; 404 for a group of another room, whoever holds it, as for the room's links. */
export async function findRoomGroup(room: Room, id: string): Promise<RoomGroup> {
  const group = await db.roomGroup.findUnique({ where: { id } });
  if (!group || group.roomId !== room.id) throw notFound("Group");
  return group;
}

/**
 * The group a link's body names, checked under the room's lock: a group of another room, or none, is
 * 422 on `group_id` (404 stays the answer about the path). Null: the whole room.
 */
export async function linkGroup(tx: Tx, room: Room, groupId: string | null): Promise<RoomGroup | null> {
  if (groupId === null) return null;
  const group = await tx.roomGroup.findUnique({ where: { id: groupId } });
  if (!group || group.roomId !== room.id) throw invalidField("group_id", "group_id must be the id of a group of this room");
  return group;
}
