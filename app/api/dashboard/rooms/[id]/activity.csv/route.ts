import { csvResponse } from "@/lib/dashboard/csv";
import { roomActivityCsv } from "@/lib/dashboard/room-activity-csv";
import { parseParam } from "@/lib/http/parse";
import { withSession } from "@/lib/http/with-session";
import { findOwnedRoom } from "@/lib/rooms/find-room";
import { roomIdParam } from "@/lib/schemas/rooms";

/** The room's activity record as CSV, with the activity page's filters (its query string). */
export const GET = withSession<{ id: string }>({ can: "analytics.read" }, async ({ req, access, params }) => {
  const room = await findOwnedRoom(access.teamId, parseParam(roomIdParam, params.id, "Room"));
  const { filename, body } = await roomActivityCsv(room, Object.fromEntries(new URL(req.url).searchParams));
  return csvResponse(filename, body);
});
