import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { addRoomDocumentSchema, roomIdParam } from "@/lib/schemas/rooms";
import { withApiKey } from "@/lib/http/with-api-key";
import { json } from "@/lib/http/respond";
import { parseJsonBody, parseParam } from "@/lib/http/parse";
import { addRoomDocument } from "@/lib/rooms/add-room-document";
import { findOwnedRoom } from "@/lib/rooms/find-room";

type Params = { id: string };

export const POST = withApiKey<Params>({ can: "documents.write" }, async ({ req, access, params }) => {
  const room = await findOwnedRoom(access.teamId, parseParam(roomIdParam, params.id, "Room"));
  const { entry, added } = await addRoomDocument(access, room, await parseJsonBody(addRoomDocumentSchema, req));
  return json(entry, added ? 201 : 200);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
