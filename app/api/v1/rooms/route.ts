import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { createRoomSchema, listRoomsQuery } from "@/lib/schemas/rooms";
import { withApiKey } from "@/lib/http/with-api-key";
import { json } from "@/lib/http/respond";
import { parseJsonBody, parseQuery } from "@/lib/http/parse";
import { createRoom } from "@/lib/rooms/create-room";
import { listRooms } from "@/lib/rooms/list-rooms";
import { serializeRoom } from "@/lib/rooms/serialize-room";

export const GET = withApiKey({ can: "documents.read" }, async ({ req, access }) => {
  const query = parseQuery(listRoomsQuery, req);
  return json(await listRooms(access.teamId, query.page, query.per_page));
});

export const POST = withApiKey({ can: "documents.write" }, async ({ req, access }) => {
  const room = await createRoom(access, await parseJsonBody(createRoomSchema, req));
  return json(serializeRoom(room, 0), 201, { Location: `/api/v1/rooms/${room.id}` });
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
