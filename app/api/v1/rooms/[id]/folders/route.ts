import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { createFolderSchema, roomIdParam } from "@/lib/schemas/rooms";
import { withApiKey } from "@/lib/http/with-api-key";
import { json } from "@/lib/http/respond";
import { parseJsonBody, parseParam } from "@/lib/http/parse";
import { createFolder } from "@/lib/rooms/create-folder";
import { findOwnedRoom } from "@/lib/rooms/find-room";

type Params = { id: string };

export const POST = withApiKey<Params>({ can: "documents.write" }, async ({ req, access, params }) => {
  const room = await findOwnedRoom(access.teamId, parseParam(roomIdParam, params.id, "Room"));
  return json(await createFolder(access, room, await parseJsonBody(createFolderSchema, req)), 201);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
