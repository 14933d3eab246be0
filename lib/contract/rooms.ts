import { json } from "../http/respond";
import { roomActivity } from "../room-analytics/room-activity";
import { roomStats } from "../room-analytics/room-stats";
import { roomViewers } from "../room-analytics/room-viewers";
import { createRoom } from "../rooms/create-room";
import { deleteRoom } from "../rooms/delete-room";
import { listRooms } from "../rooms/list-rooms";
import { roomDetail, roomDocumentsCount } from "../rooms/room-contents";
import { serializeRoom } from "../rooms/serialize-room";
import { updateRoom } from "../rooms/update-room";
import { TRASH_DAYS } from "../rules/trash";
import { createRoomSchema, listRoomsQuery, roomDetailSchema, roomListSchema, roomSchema, updateRoomSchema } from "../schemas/rooms";
import {
  roomActivityListSchema,
  roomActivityQuery,
  roomStatsQuery,
  roomStatsSchema,
  roomViewerListSchema,
  roomViewersQuery,
} from "../schemas/room-analytics";
import {
  roomActivityListExample,
  roomDetailExample,
  roomExample,
  roomListExample,
  roomStatsExample,
  roomViewerListExample,
} from "./examples/rooms";
import type { In } from "./examples/story";
import { defineOperation } from "./operation";
import { ownedRoom } from "./path-params";
import { ROOM_CONTENT_OPERATIONS } from "./room-contents";
import { ROOM_GROUP_OPERATIONS } from "./room-groups";
import { ROOM_LINK_OPERATIONS } from "./room-links";
import { ADDS, READS } from "./tool-hints";

/** Data rooms (issue 29; additive, not in docs/api-contract.md): many documents in folders behind one gate and its links. */

const roomCreateExample = {
  name: "Series A data room",
  description: "Everything for the diligence.",
  settings: { gate_type: "full", allow_download: false },
} satisfies In<typeof createRoomSchema>;

const roomUpdateExample = { settings: { expires_at: "2026-12-31T23:59:59Z" } } satisfies In<typeof updateRoomSchema>;

export const listTeamRooms = defineOperation({
  method: "GET",
  path: "/api/v1/rooms",
  operationId: "listRooms",
  summary: "The team's rooms, newest first",
  tag: "Rooms",
  can: "documents.read",
  query: listRoomsQuery,
  response: { status: 200, description: "Rooms", schema: roomListSchema, example: roomListExample },
  errors: [400],
  handle: ({ access, query }) => listRooms(access.teamId, query.page, query.per_page),
  mcp: {
    name: "list_rooms",
    title: "List data rooms",
    description:
      "The team's data rooms (several documents shared behind one link, in folders): id, name, description, code and URL, settings and number of documents; with pagination. Use it to find a room_id for the other room tools. Same answer as GET /api/v1/rooms.",
    annotations: READS,
  },
});

export const createDataRoom = defineOperation({
  method: "POST",
  path: "/api/v1/rooms",
  operationId: "createRoom",
  summary: "Create a room",
  description:
    "An empty room with its own code (`/s/<code>`, its default link). Settings left out take the defaults: the email gate before the first document, downloads allowed. Unknown fields are refused.",
  tag: "Rooms",
  can: "documents.write",
  body: { schema: createRoomSchema, example: roomCreateExample },
  response: { status: 201, description: "The new room", schema: roomSchema, example: roomExample },
  errors: [400, 422],
  handle: async ({ access, body }) => serializeRoom(await createRoom(access, await body()), 0),
  reply: (room) => json(room, 201, { Location: `/api/v1/rooms/${room.id}` }),
  mcp: {
    name: "create_room",
    title: "Create a data room",
    description:
      "Make a new, empty data room with a name, an optional description and settings (email_gate, gate_type full or none, allow_download, password, expires_at, verify_email, allow, block, watermark, agreement). Add documents with add_document_to_room. Answers the room, as POST /api/v1/rooms does.",
    annotations: ADDS,
  },
});

export const getRoom = defineOperation({
  method: "GET",
  path: "/api/v1/rooms/{id}",
  operationId: "getRoom",
  summary: "Get a room with its folders and documents",
  tag: "Rooms",
  can: "documents.read",
  params: { id: ownedRoom },
  response: {
    status: 200,
    description: "The room, its folders and its documents in order",
    schema: roomDetailSchema,
    example: roomDetailExample,
  },
  handle: ({ params }) => roomDetail(params.id),
  mcp: {
    name: "get_room",
    title: "Get a data room",
    description:
      "One data room by its id: its settings, its folders and the documents it holds, in order (short code, title, page count, folder). Same answer as GET /api/v1/rooms/{id}.",
    annotations: READS,
  },
});

export const updateTeamRoom = defineOperation({
  method: "PATCH",
  path: "/api/v1/rooms/{id}",
  operationId: "updateRoom",
  summary: "Rename a room or change its description or settings",
  description:
    "Only the fields included change; `settings` merges into the room's (`password`: a string sets it, null clears it). The room's links follow the settings they do not override. Unknown fields are refused.",
  tag: "Rooms",
  can: "documents.write",
  params: { id: ownedRoom },
  body: { schema: updateRoomSchema, example: roomUpdateExample },
  response: { status: 200, description: "The updated room", schema: roomSchema, example: roomExample },
  errors: [400, 422],
  handle: async ({ access, params, body }) => {
    const updated = await updateRoom(access, params.id, await body());
    return serializeRoom(updated, await roomDocumentsCount(updated.id));
  },
});

export const deleteTeamRoom = defineOperation({
  method: "DELETE",
  path: "/api/v1/rooms/{id}",
  operationId: "deleteRoom",
  summary: "Delete a room",
  description: `Soft delete: the room's code and links stop opening it; its documents stay the team's. It waits ${TRASH_DAYS} days in the team's Trash, where an admin can restore it as it was. A member may delete only the rooms they made (403 \`forbidden\` otherwise); an admin or the owner any.`,
  tag: "Rooms",
  can: "documents.write",
  params: { id: ownedRoom },
  response: { status: 204, description: "Deleted" },
  handle: ({ access, params }) => deleteRoom(access, params.id),
});

export const getRoomStats = defineOperation({
  method: "GET",
  path: "/api/v1/rooms/{id}/stats",
  operationId: "getRoomStats",
  summary: "What was read in a room",
  description:
    "Reads in the room only (with `since`/`until`: visits started in the window), of the documents it holds now: totals, each document in the room's order, and each code readers came through (the room's own and its links). " +
    "A room's viewer is one person across its documents: an email once given, else a browser. The documents' own stats count these reads too.",
  tag: "Rooms",
  can: "analytics.read",
  params: { id: ownedRoom },
  query: roomStatsQuery,
  response: { status: 200, description: "The room's figures", schema: roomStatsSchema, example: roomStatsExample },
  errors: [400],
  handle: ({ params, query }) => roomStats(params.id, query),
  mcp: {
    name: "get_room_stats",
    title: "Data room statistics",
    description:
      "What was read and downloaded in one data room: views, unique viewers, leads, total and average reading time, downloads of its documents (alone or in its ZIP) and whole-room ZIP downloads, figures per document, and per link the room was opened with. Optionally within a period (since/until). Same answer as GET /api/v1/rooms/{id}/stats.",
    annotations: READS,
  },
});

export const listRoomViewers = defineOperation({
  method: "GET",
  path: "/api/v1/rooms/{id}/viewers",
  operationId: "listRoomViewers",
  summary: "A room's viewers, most recently active first",
  description:
    "One per person across the room's documents (an email once given, else a browser), with the documents they opened in the room, their time and completion there, and the codes they came through.",
  tag: "Rooms",
  can: "analytics.read",
  params: { id: ownedRoom },
  query: roomViewersQuery,
  response: { status: 200, description: "Viewers", schema: roomViewerListSchema, example: roomViewerListExample },
  errors: [400],
  handle: ({ params, query }) => roomViewers(params.id, query, query.page, query.per_page),
});

export const listRoomActivity = defineOperation({
  method: "GET",
  path: "/api/v1/rooms/{id}/activity",
  operationId: "listRoomActivity",
  summary: "A room's activity record, newest first",
  description:
    "Every reader event in the room (additive, issue 43): the gate passed (an email's first time), the agreement accepted (with its text), a document opened (one visit, with its pages viewed and reading time), a document downloaded, the room's ZIP downloaded (one item). " +
    "Documents carry their index number in the room now. Filters combine: `kind`, `link`, `email`, `short_code`, `since`/`until` (on `at`).",
  tag: "Rooms",
  can: "analytics.read",
  params: { id: ownedRoom },
  query: roomActivityQuery,
  response: { status: 200, description: "The activity, newest first", schema: roomActivityListSchema, example: roomActivityListExample },
  errors: [400],
  handle: ({ params, query }) => roomActivity(params.id, query),
});

/** A room, what it holds, its links and what was read in it, in the document's order. */
export const ROOM_OPERATIONS = [
  listTeamRooms,
  createDataRoom,
  getRoom,
  updateTeamRoom,
  deleteTeamRoom,
  ...ROOM_CONTENT_OPERATIONS,
  ...ROOM_LINK_OPERATIONS,
  ...ROOM_GROUP_OPERATIONS,
  getRoomStats,
  listRoomViewers,
  listRoomActivity,
];
