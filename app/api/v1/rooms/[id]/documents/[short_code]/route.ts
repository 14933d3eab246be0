import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { moveRoomDocumentSchema, roomIdParam } from "@/lib/schemas/rooms";
import { withApiKey } from "@/lib/http/with-api-key";
import { json, noContent } from "@/lib/http/respond";
import { parseJsonBody, parseParam } from "@/lib/http/parse";
import { findOwnedRoom } from "@/lib/rooms/find-room";
import { moveRoomDocument } from "@/lib/rooms/move-room-document";
import { removeRoomDocument } from "@/lib/rooms/remove-room-document";

type Params = { id: string; short_code: string };

export const PATCH = withApiKey<Params>({ can: "documents.write" }, async ({ req, access, params }) => {
  const room = await findOwnedRoom(access.teamId, parseParam(roomIdParam, params.id, "Room"));
  return json(await moveRoomDocument(access, room, params.short_code, await parseJsonBody(moveRoomDocumentSchema, req)));
});

export const DELETE = withApiKey<Params>({ can: "documents.write" }, async ({ access, params }) => {
  await removeRoomDocument(access, await findOwnedRoom(access.teamId, parseParam(roomIdParam, params.id, "Room")), params.short_code);
  return noContent();
});

export const { GET, POST, PUT, OPTIONS } = methodsNotAllowed(["PATCH", "DELETE"]);
