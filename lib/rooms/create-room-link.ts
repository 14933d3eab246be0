import { type AuditActor, recordAudit } from "../audit/record-audit";
import { db } from "../db/client";
import { isUniqueViolation } from "../db/unique-violation";
import { unusedShareCode } from "../documents/share-code";
import type { Prisma, Room, RoomLink } from "../generated/prisma/client";
import type { RoomLinkCreate } from "../schemas/rooms";
import { linkGroup } from "./find-room-group";
import { lockRoom } from "./lock-room";
import { sentSettings } from "./room-settings";

const CODE_ATTEMPTS = 5;

/**
 * A link of the room for one recipient, with its own code; the settings sent override the room's,
 * the others follow it. With `group_id` it opens only what that group of the room may see.
 */
export async function createRoomLink(by: AuditActor, room: Room, input: RoomLinkCreate): Promise<RoomLink> {
  const overrides = await sentSettings(input.settings);
  for (let attempt = 1; ; attempt++) {
    const code = await unusedShareCode();
    try {
      return await db.$transaction(async (tx) => {
        await lockRoom(tx, room.id);
        const group = await linkGroup(tx, room, input.group_id ?? null);
        const link = await tx.roomLink.create({
          data: {
            roomId: room.id,
            groupId: group?.id ?? null,
            code,
            name: input.name,
            overrides: overrides.settings as Prisma.JsonObject,
            passwordHash: overrides.passwordHash ?? null,
          },
        });
        await recordAudit(tx, by, {
          action: "room.link_created",
          target: { id: room.id, label: room.name },
          details: {
            link: { code: link.code, name: link.name },
            settings: overrides.settings,
            group: group && { id: group.id, name: group.name },
          },
        });
        return link;
      });
    } catch (error) {
      // Another row took the code between the check and the insert.
      if (!isUniqueViolation(error) || attempt >= CODE_ATTEMPTS) throw error;
    }
  }
}
