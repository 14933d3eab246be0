import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { folderIdParam, roomIdParam, updateFolderSchema } from "@/lib/schemas/rooms";
import { withApiKey } from "@/lib/http/with-api-key";
import { json, noContent } from "@/lib/http/respond";
import { parseJsonBody, parseParam } from "@/lib/http/parse";
import { changeFolder } from "@/lib/rooms/change-folder";
import { deleteFolder } from "@/lib/rooms/delete-folder";
import { findOwnedRoom } from "@/lib/rooms/find-room";

type Params = { id: string; folder_id: string };

export const PATCH = withApiKey<Params>({ can: "documents.write" }, async ({ req, access, params }) => {
  const room = await findOwnedRoom(access.teamId, parseParam(roomIdParam, params.id, "Room"));
  const folderId = parseParam(folderIdParam, params.folder_id, "Folder");
  return json(await changeFolder(access, room, folderId, await parseJsonBody(updateFolderSchema, req)));
});

export const DELETE = withApiKey<Params>({ can: "documents.write" }, async ({ access, params }) => {
  const room = await findOwnedRoom(access.teamId, parseParam(roomIdParam, params.id, "Room"));
  await deleteFolder(access, room, parseParam(folderIdParam, params.folder_id, "Folder"));
  return noContent();
});

export const { GET, POST, PUT, OPTIONS } = methodsNotAllowed(["PATCH", "DELETE"]);
