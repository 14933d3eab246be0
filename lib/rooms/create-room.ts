import { type AuditActor, recordAudit } from "../audit/record-audit";
import { db } from "../db/client";
import { isUniqueViolation } from "../db/unique-violation";
import { unusedShareCode } from "../documents/share-code";
import type { Prisma, Room } from "../generated/prisma/client";
import type { RoomCreate } from "../schemas/rooms";
import { mergedRoomSettings, roomSettings, sentSettings } from "./room-settings";

const CODE_ATTEMPTS = 5;

/** A new, empty room of the actor's team, its code the room's default link. */
export async function createRoom(by: AuditActor, input: RoomCreate): Promise<Room> {
  const sent = await sentSettings(input.settings);
  const settings = mergedRoomSettings(null, sent) as Prisma.JsonObject;
  for (let attempt = 1; ; attempt++) {
    const code = await unusedShareCode();
    try {
      return await db.$transaction(async (tx) => {
        const room = await tx.room.create({
          data: {
            teamId: by.teamId,
            createdById: by.userId,
            name: input.name,
            description: input.description ?? "",
            code,
            settings,
            passwordHash: sent.passwordHash ?? null,
          },
        });
        await recordAudit(tx, by, {
          action: "room.created",
          target: { id: room.id, label: room.name },
          details: { code: room.code, settings: roomSettings(room) },
        });
        return room;
      });
    } catch (error) {
      // Another row took the code between the check and the insert.
      if (!isUniqueViolation(error) || attempt >= CODE_ATTEMPTS) throw error;
    }
  }
}
