import type { z } from "zod";
import { shareUrl } from "../documents/short-code";
import type { Room, RoomLink } from "../generated/prisma/client";
import type { roomLinkSchema } from "../schemas/rooms";
import { overriddenKeys, roomLinkSettings } from "./room-settings";

/** The RoomLink object of the API (lib/schemas/rooms.ts). */
export function serializeRoomLink(link: RoomLink, room: Room): z.input<typeof roomLinkSchema> {
  return {
    code: link.code,
    url: shareUrl(link.code),
    name: link.name,
    is_active: link.disabledAt === null,
    settings: roomLinkSettings(room, link),
    overrides: overriddenKeys(link),
    group_id: link.groupId,
    created_at: link.createdAt.toISOString(),
  };
}
