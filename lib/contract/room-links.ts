import { findOwnedRoom } from "../rooms/find-room";
import { findRoomLink } from "../rooms/find-room-link";
import { createRoomLink } from "../rooms/create-room-link";
import { deleteRoomLink } from "../rooms/delete-room-link";
import { listRoomLinks } from "../rooms/list-room-links";
import { serializeRoomLink } from "../rooms/serialize-room-link";
import { updateRoomLink } from "../rooms/update-room-link";
import { createRoomLinkSchema, listRoomLinksQuery, roomLinkListSchema, roomLinkSchema, updateRoomLinkSchema } from "../schemas/rooms";
import { roomLinkExample, roomLinkListExample } from "./examples/rooms";
import type { In } from "./examples/story";
import { defineOperation } from "./operation";
import { ownedRoom, roomLinkCode } from "./path-params";
import { ADDS } from "./tool-hints";

/** A data room's links, one per recipient, beside the room's own code. */

const roomLinkCreateExample = {
  name: "Sequoia — Jane",
  settings: { expires_at: "2026-12-31T23:59:59Z" },
} satisfies In<typeof createRoomLinkSchema>;

const roomLinkUpdateExample = { is_active: false } satisfies In<typeof updateRoomLinkSchema>;

export const listTeamRoomLinks = defineOperation({
  method: "GET",
  path: "/api/v1/rooms/{id}/links",
  operationId: "listRoomLinks",
  summary: "A room's links, newest first",
  description: "Deleted links are left out; the room's own code is not a link.",
  tag: "Rooms",
  can: "documents.read",
  params: { id: ownedRoom },
  query: listRoomLinksQuery,
  response: { status: 200, description: "Links", schema: roomLinkListSchema, example: roomLinkListExample },
  errors: [400],
  handle: ({ params, query }) => listRoomLinks(params.id, query.page, query.per_page),
});

export const createDataRoomLink = defineOperation({
  method: "POST",
  path: "/api/v1/rooms/{id}/links",
  operationId: "createRoomLink",
  summary: "Create a room link for one recipient",
  description: "The link gets its own code (`/s/<code>`). Settings left out follow the room; unknown fields are refused.",
  tag: "Rooms",
  can: "documents.write",
  params: { id: ownedRoom },
  body: { schema: createRoomLinkSchema, example: roomLinkCreateExample },
  response: { status: 201, description: "The new link", schema: roomLinkSchema, example: roomLinkExample },
  errors: [400, 422],
  handle: async ({ access, params: { id: room }, body }) => serializeRoomLink(await createRoomLink(access, room, await body()), room),
  mcp: {
    name: "create_room_link",
    title: "Create a data room link",
    description:
      "Make a new link to a data room for one recipient (name), with its own code and URL; settings overrides the room's for this link only. Answers the new link, as POST /api/v1/rooms/{id}/links does.",
    annotations: ADDS,
  },
});

export const updateTeamRoomLink = defineOperation({
  method: "PATCH",
  path: "/api/v1/rooms/{id}/links/{code}",
  operationId: "updateRoomLink",
  summary: "Rename, disable or enable a room link, or change what it overrides",
  description:
    "Only the fields included change. `settings` merges into the link's overrides (`password`: a string sets one, null means none on this link); `inherit` lists settings that follow the room again. A key in both is refused. Unknown fields are refused.",
  tag: "Rooms",
  can: "documents.write",
  params: { id: ownedRoom, code: roomLinkCode },
  body: { schema: updateRoomLinkSchema, example: roomLinkUpdateExample },
  response: { status: 200, description: "The updated link", schema: roomLinkSchema, example: roomLinkExample },
  errors: [400, 422],
  handle: async ({ access, params: { id: room, code }, body }) => {
    const updated = await updateRoomLink(access, room, await findRoomLink(room, code), await body());
    // The room as it is now: a link shows the room's settings with its overrides applied.
    return serializeRoomLink(updated, await findOwnedRoom(access.teamId, room.id));
  },
});

export const deleteTeamRoomLink = defineOperation({
  method: "DELETE",
  path: "/api/v1/rooms/{id}/links/{code}",
  operationId: "deleteRoomLink",
  summary: "Delete a room link",
  description: "Soft delete: its code stops opening the room; the room and its other links are untouched.",
  tag: "Rooms",
  can: "documents.write",
  params: { id: ownedRoom, code: roomLinkCode },
  response: { status: 204, description: "Deleted" },
  handle: async ({ access, params: { id: room, code } }) => deleteRoomLink(access, room, await findRoomLink(room, code)),
});

export const ROOM_LINK_OPERATIONS = [listTeamRoomLinks, createDataRoomLink, updateTeamRoomLink, deleteTeamRoomLink];
