import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { roomIdParam, roomLinkCodeParam, updateRoomLinkSchema } from "@/lib/schemas/rooms";
import { withApiKey } from "@/lib/http/with-api-key";
import { json, noContent } from "@/lib/http/respond";
import { parseJsonBody, parseParam } from "@/lib/http/parse";
import { deleteRoomLink } from "@/lib/rooms/delete-room-link";
import { findOwnedRoom } from "@/lib/rooms/find-room";
import { findRoomLink } from "@/lib/rooms/find-room-link";
import { serializeRoomLink } from "@/lib/rooms/serialize-room-link";
import { updateRoomLink } from "@/lib/rooms/update-room-link";

type Params = { id: string; code: string };

const roomAndLink = async (teamId: string, params: Params) => {
  const room = await findOwnedRoom(teamId, parseParam(roomIdParam, params.id, "Room"));
  return { room, link: await findRoomLink(room, parseParam(roomLinkCodeParam, params.code, "Link")) };
};

export const PATCH = withApiKey<Params>({ can: "documents.write" }, async ({ req, access, params }) => {
  // 404 before looking at the body, as for every other method on this path.
  const { room, link } = await roomAndLink(access.teamId, params);
  const updated = await updateRoomLink(access, room, link, await parseJsonBody(updateRoomLinkSchema, req));
  // The room as it is now: a link shows the room's settings with its overrides applied.
  return json(serializeRoomLink(updated, await findOwnedRoom(access.teamId, room.id)));
});

export const DELETE = withApiKey<Params>({ can: "documents.write" }, async ({ access, params }) => {
  const { room, link } = await roomAndLink(access.teamId, params);
  await deleteRoomLink(access, room, link);
  return noContent();
});

export const { GET, POST, PUT, OPTIONS } = methodsNotAllowed(["PATCH", "DELETE"]);
