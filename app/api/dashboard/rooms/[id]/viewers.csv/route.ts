import { csvResponse } from "@/lib/dashboard/csv";
import { roomViewersCsv } from "@/lib/dashboard/room-csv";
import { parseParam } from "@/lib/http/parse";
import { withSession } from "@/lib/http/with-session";
import { findOwnedRoom } from "@/lib/rooms/find-room";
import { roomIdParam } from "@/lib/schemas/rooms";

export const GET = withSession<{ id: string }>({ can: "analytics.read" }, async ({ access, params }) => {
  const { filename, body } = await roomViewersCsv(await findOwnedRoom(access.teamId, parseParam(roomIdParam, params.id, "Room")));
  return csvResponse(filename, body);
});
