import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { createRoomLinkSchema, listRoomLinksQuery, roomIdParam } from "@/lib/schemas/rooms";
import { withApiKey } from "@/lib/http/with-api-key";
import { json } from "@/lib/http/respond";
import { parseJsonBody, parseParam, parseQuery } from "@/lib/http/parse";
import { createRoomLink } from "@/lib/rooms/create-room-link";
import { findOwnedRoom } from "@/lib/rooms/find-room";
import { listRoomLinks } from "@/lib/rooms/list-room-links";
import { serializeRoomLink } from "@/lib/rooms/serialize-room-link";

type Params = { id: string };

export const GET = withApiKey<Params>({ can: "documents.read" }, async ({ req, access, params }) => {
  const room = await findOwnedRoom(access.teamId, parseParam(roomIdParam, params.id, "Room"));
  const query = parseQuery(listRoomLinksQuery, req);
  return json(await listRoomLinks(room, query.page, query.per_page));
});

export const POST = withApiKey<Params>({ can: "documents.write" }, async ({ req, access, params }) => {
  const room = await findOwnedRoom(access.teamId, parseParam(roomIdParam, params.id, "Room"));
  const link = await createRoomLink(access, room, await parseJsonBody(createRoomLinkSchema, req));
  return json(serializeRoomLink(link, room), 201);
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
