import { json } from "../http/respond";
import { createRoomGroup } from "../rooms/create-room-group";
import { deleteRoomGroup } from "../rooms/delete-room-group";
import { findRoomGroup } from "../rooms/find-room-group";
import { roomGroupEntries, roomGroupEntry } from "../rooms/serialize-room-group";
import { updateRoomGroup } from "../rooms/update-room-group";
import {
  createRoomGroupSchema,
  MAX_ROOM_GROUPS,
  roomGroupListSchema,
  roomGroupSchema,
  updateRoomGroupSchema,
} from "../schemas/room-groups";
import { roomGroupExample, roomGroupListExample } from "./examples/rooms";
import { FOLDER_ID, type In, SHORT_CODE } from "./examples/story";
import { defineOperation } from "./operation";
import { ownedRoom, roomGroupId } from "./path-params";

/**
 * A room's groups (issue 43): the parties of one room. A link given to a group opens only the
 * folders and documents the group's levels let through, at every door.
 */

const LEVELS =
  "Levels: `none` (invisible: not listed, not found, 404 by URL, not in the ZIP), `view`, `download` (where the room allows downloads). " +
  "A top-level folder or document takes the level set on it, else `default_access`; below, each inherits its folder's level, and a level set on it may only lower that.";

const groupCreateExample = {
  name: "Bidder A",
  default_access: "none",
  access: [
    { folder_id: FOLDER_ID, level: "download" },
    { short_code: SHORT_CODE, level: "view" },
  ],
} satisfies In<typeof createRoomGroupSchema>;

const groupUpdateExample = { access: [{ short_code: SHORT_CODE, level: null }] } satisfies In<typeof updateRoomGroupSchema>;

export const listGroupsOfRoom = defineOperation({
  method: "GET",
  path: "/api/v1/rooms/{id}/groups",
  operationId: "listRoomGroups",
  summary: "A room's groups, oldest first",
  description: `Each with its default, the levels set on it and how many links it has. A room holds at most ${MAX_ROOM_GROUPS} groups.`,
  tag: "Rooms",
  can: "documents.read",
  params: { id: ownedRoom },
  response: { status: 200, description: "Groups", schema: roomGroupListSchema, example: roomGroupListExample },
  handle: async ({ params }) => ({ groups: await roomGroupEntries(params.id.id) }),
});

export const createGroupOfRoom = defineOperation({
  method: "POST",
  path: "/api/v1/rooms/{id}/groups",
  operationId: "createRoomGroup",
  summary: "Add a group to a room",
  description: `${LEVELS} A folder or short code that is not the room's is refused (422). Give it links with \`group_id\` on the room's links.`,
  tag: "Rooms",
  can: "documents.write",
  params: { id: ownedRoom },
  body: { schema: createRoomGroupSchema, example: groupCreateExample },
  response: { status: 201, description: "The new group", schema: roomGroupSchema, example: roomGroupExample },
  errors: [400, 422],
  handle: async ({ access, params, body }) => createRoomGroup(access, params.id, await body()),
  reply: (group) => json(group, 201),
});

export const getGroupOfRoom = defineOperation({
  method: "GET",
  path: "/api/v1/rooms/{id}/groups/{group_id}",
  operationId: "getRoomGroup",
  summary: "Get a room's group",
  tag: "Rooms",
  can: "documents.read",
  params: { id: ownedRoom, group_id: roomGroupId },
  response: { status: 200, description: "The group", schema: roomGroupSchema, example: roomGroupExample },
  handle: async ({ params: { id: room, group_id } }) => roomGroupEntry(room.id, (await findRoomGroup(room, group_id)).id),
});

export const updateGroupOfRoom = defineOperation({
  method: "PATCH",
  path: "/api/v1/rooms/{id}/groups/{group_id}",
  operationId: "updateRoomGroup",
  summary: "Rename a group, or change what it sees",
  description: `Only the fields included change; \`access\` merges: each entry sets its folder's or document's level, null lets it inherit again. ${LEVELS} Readers of the group's links meet the change at their next request.`,
  tag: "Rooms",
  can: "documents.write",
  params: { id: ownedRoom, group_id: roomGroupId },
  body: { schema: updateRoomGroupSchema, example: groupUpdateExample },
  response: { status: 200, description: "The updated group", schema: roomGroupSchema, example: roomGroupExample },
  errors: [400, 422],
  handle: async ({ access, params: { id: room, group_id }, body }) =>
    updateRoomGroup(access, room, await findRoomGroup(room, group_id), await body()),
});

export const deleteGroupOfRoom = defineOperation({
  method: "DELETE",
  path: "/api/v1/rooms/{id}/groups/{group_id}",
  operationId: "deleteRoomGroup",
  summary: "Delete a room's group and its links",
  description: "Its links are deleted with it (soft, as a link's DELETE): a group's link never falls back to the whole room.",
  tag: "Rooms",
  can: "documents.write",
  params: { id: ownedRoom, group_id: roomGroupId },
  response: { status: 204, description: "Deleted" },
  handle: async ({ access, params: { id: room, group_id } }) => deleteRoomGroup(access, room, await findRoomGroup(room, group_id)),
});

export const ROOM_GROUP_OPERATIONS = [listGroupsOfRoom, createGroupOfRoom, getGroupOfRoom, updateGroupOfRoom, deleteGroupOfRoom];
