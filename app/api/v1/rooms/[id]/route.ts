import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { roomIdParam, updateRoomSchema } from "@/lib/schemas/rooms";
import { withApiKey } from "@/lib/http/with-api-key";
import { json, noContent } from "@/lib/http/respond";
import { parseJsonBody, parseParam } from "@/lib/http/parse";
import { deleteRoom } from "@/lib/rooms/delete-room";
import { findOwnedRoom } from "@/lib/rooms/find-room";
import { roomDetail, roomDocumentsCount } from "@/lib/rooms/room-contents";
import { serializeRoom } from "@/lib/rooms/serialize-room";
import { updateRoom } from "@/lib/rooms/update-room";

type Params = { id: string };

export const GET = withApiKey<Params>({ can: "documents.read" }, async ({ access, params }) =>
  json(await roomDetail(await findOwnedRoom(access.teamId, parseParam(roomIdParam, params.id, "Room")))),
);

export const PATCH = withApiKey<Params>({ can: "documents.write" }, async ({ req, access, params }) => {
  // 404 before looking at the body, as for every other method on this path.
  const room = await findOwnedRoom(access.teamId, parseParam(roomIdParam, params.id, "Room"));
  const updated = await updateRoom(access, room, await parseJsonBody(updateRoomSchema, req));
  return json(serializeRoom(updated, await roomDocumentsCount(updated.id)));
});

export const DELETE = withApiKey<Params>({ can: "documents.write" }, async ({ access, params }) => {
  await deleteRoom(access, await findOwnedRoom(access.teamId, parseParam(roomIdParam, params.id, "Room")));
  return noContent();
});

export const { POST, PUT, OPTIONS } = methodsNotAllowed(["GET", "PATCH", "DELETE"]);
