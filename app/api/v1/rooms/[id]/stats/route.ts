import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { roomIdParam, roomStatsQuery } from "@/lib/schemas/rooms";
import { withApiKey } from "@/lib/http/with-api-key";
import { json } from "@/lib/http/respond";
import { parseParam, parseQuery } from "@/lib/http/parse";
import { findOwnedRoom } from "@/lib/rooms/find-room";
import { roomStats } from "@/lib/room-analytics/room-stats";

export const GET = withApiKey<{ id: string }>({ can: "analytics.read" }, async ({ req, access, params }) => {
  const room = await findOwnedRoom(access.teamId, parseParam(roomIdParam, params.id, "Room"));
  return json(await roomStats(room, parseQuery(roomStatsQuery, req)));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
