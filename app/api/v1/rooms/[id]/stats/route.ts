import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { roomIdParam } from "@/lib/schemas/rooms";
import { withApiKey } from "@/lib/http/with-api-key";
import { json } from "@/lib/http/respond";
import { parseParam } from "@/lib/http/parse";
import { findOwnedRoom } from "@/lib/rooms/find-room";
import { roomStats } from "@/lib/room-analytics/room-stats";

export const GET = withApiKey<{ id: string }>({ can: "analytics.read" }, async ({ access, params }) =>
  json(await roomStats(await findOwnedRoom(access.teamId, parseParam(roomIdParam, params.id, "Room")))),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
