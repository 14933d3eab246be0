import type { z } from "zod";
import { type AuditActor, recordAudit } from "../audit/record-audit";
import { ApiError } from "../errors";
import { db } from "../db/client";
import type { Room } from "../generated/prisma/client";
import { MAX_ROOM_GROUPS, type RoomGroupCreate, type roomGroupSchema } from "../schemas/room-groups";
import { accessTargets } from "./group-access-input";
import { lockRoom } from "./lock-room";
import { roomGroupEntry } from "./serialize-room-group";

/** A new group of the room with its default and the levels sent; it sees nothing through links until one is given to it. */
export async function createRoomGroup(by: AuditActor, room: Room, input: RoomGroupCreate): Promise<z.input<typeof roomGroupSchema>> {
  return db.$transaction(async (tx) => {
    await lockRoom(tx, room.id);
    if ((await tx.roomGroup.count({ where: { roomId: room.id } })) >= MAX_ROOM_GROUPS) {
      throw new ApiError("validation_error", `A room holds at most ${MAX_ROOM_GROUPS} groups; delete one before adding another`);
    }
    const targets = await accessTargets(tx, room.id, input.access ?? []);
    const group = await tx.roomGroup.create({
      data: { roomId: room.id, name: input.name, defaultAccess: input.default_access ?? "none" },
    });
    await tx.roomGroupAccess.createMany({ data: targets.map((target) => ({ groupId: group.id, ...target })) });
    const entry = await roomGroupEntry(room.id, group.id, tx);
    await recordAudit(tx, by, {
      action: "room.group_created",
      target: { id: room.id, label: room.name },
      details: { group: { id: group.id, name: group.name }, default_access: entry.default_access, access: entry.access },
    });
    return entry;
  });
}
