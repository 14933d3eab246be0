import { roomStats } from "../room-analytics/room-stats";
import { addRoomDocument } from "../rooms/add-room-document";
import { createRoom } from "../rooms/create-room";
import { createRoomLink } from "../rooms/create-room-link";
import { listRooms } from "../rooms/list-rooms";
import { roomDetail } from "../rooms/room-contents";
import { serializeRoom } from "../rooms/serialize-room";
import { serializeRoomLink } from "../rooms/serialize-room-link";
import { addRoomDocumentSchema, createRoomLinkSchema, createRoomSchema, listRoomsQuery, roomStatsQuery } from "../schemas/rooms";
import { ROOM, roomOf } from "./targets";
import { ADDS, READS, type McpTool } from "./tool";
import { argumentsSchema, bodyArguments, queryArguments } from "./tool-arguments";

export const listTeamRooms: McpTool = {
  name: "list_rooms",
  title: "List data rooms",
  description:
    "The team's data rooms (several documents shared behind one link, in folders): id, name, description, code and URL, settings and number of documents; with pagination. Use it to find a room_id for the other room tools. Same answer as GET /api/v1/rooms.",
  action: "documents.read",
  annotations: READS,
  inputSchema: argumentsSchema({}, listRoomsQuery),
  run: async (access, args) => {
    const query = queryArguments(listRoomsQuery, args);
    return listRooms(access.teamId, query.page, query.per_page);
  },
};

export const getRoom: McpTool = {
  name: "get_room",
  title: "Get a data room",
  description:
    "One data room by its id: its settings, its folders and the documents it holds, in order (short code, title, page count, folder). Same answer as GET /api/v1/rooms/{id}.",
  action: "documents.read",
  annotations: READS,
  inputSchema: argumentsSchema(ROOM),
  run: async (access, args) => roomDetail(await roomOf(access, args)),
};

export const getRoomStats: McpTool = {
  name: "get_room_stats",
  title: "Data room statistics",
  description:
    "What was read and downloaded in one data room: views, unique viewers, leads, total and average reading time, downloads of its documents (alone or in its ZIP) and whole-room ZIP downloads, figures per document, and per link the room was opened with. Optionally within a period (since/until). Same answer as GET /api/v1/rooms/{id}/stats.",
  action: "analytics.read",
  annotations: READS,
  inputSchema: argumentsSchema(ROOM, roomStatsQuery),
  run: async (access, args) => roomStats(await roomOf(access, args), queryArguments(roomStatsQuery, args)),
};

export const createDataRoom: McpTool = {
  name: "create_room",
  title: "Create a data room",
  description:
    "Make a new, empty data room with a name, an optional description and settings (email_gate, gate_type full or none, allow_download, password, expires_at, verify_email, allow, block, watermark, agreement). Add documents with add_document_to_room. Answers the room, as POST /api/v1/rooms does.",
  action: "documents.write",
  annotations: ADDS,
  inputSchema: argumentsSchema({}, createRoomSchema),
  run: async (access, args) => serializeRoom(await createRoom(access, bodyArguments(createRoomSchema, args, [])), 0),
};

export const addDocumentToRoom: McpTool = {
  name: "add_document_to_room",
  title: "Add a document to a data room",
  description:
    "Put one of the team's documents (short_code) into a data room, at the end of a folder (folder_id) or of the top level. Adding a document the room already holds changes nothing and answers its place. Answers the room's entry for the document, as POST /api/v1/rooms/{id}/documents does.",
  action: "documents.write",
  annotations: { ...ADDS, idempotentHint: true },
  inputSchema: argumentsSchema(ROOM, addRoomDocumentSchema),
  run: async (access, args) => {
    const room = await roomOf(access, args);
    return (await addRoomDocument(access, room, bodyArguments(addRoomDocumentSchema, args, Object.keys(ROOM)))).entry;
  },
};

export const createDataRoomLink: McpTool = {
  name: "create_room_link",
  title: "Create a data room link",
  description:
    "Make a new link to a data room for one recipient (name), with its own code and URL; settings overrides the room's for this link only. Answers the new link, as POST /api/v1/rooms/{id}/links does.",
  action: "documents.write",
  annotations: ADDS,
  inputSchema: argumentsSchema(ROOM, createRoomLinkSchema),
  run: async (access, args) => {
    const room = await roomOf(access, args);
    return serializeRoomLink(await createRoomLink(access, room, bodyArguments(createRoomLinkSchema, args, Object.keys(ROOM))), room);
  },
};
