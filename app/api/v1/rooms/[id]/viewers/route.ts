import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { roomIdParam, roomViewersQuery } from "@/lib/schemas/rooms";
import { withApiKey } from "@/lib/http/with-api-key";
import { json } from "@/lib/http/respond";
import { parseParam, parseQuery } from "@/lib/http/parse";
import { findOwnedRoom } from "@/lib/rooms/find-room";
import { roomViewers } from "@/lib/room-analytics/room-viewers";

export const GET = withApiKey<{ id: string }>({ can: "analytics.read" }, async ({ req, access, params }) => {
  const room = await findOwnedRoom(access.teamId, parseParam(roomIdParam, params.id, "Room"));
  const query = parseQuery(roomViewersQuery, req);
  return json(await roomViewers(room, query, query.page, query.per_page));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
