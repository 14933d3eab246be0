import { json } from "../http/respond";
import { addRoomDocument } from "../rooms/add-room-document";
import { changeFolder } from "../rooms/change-folder";
import { createFolder } from "../rooms/create-folder";
import { deleteFolder } from "../rooms/delete-folder";
import { moveRoomDocument } from "../rooms/move-room-document";
import { removeRoomDocument } from "../rooms/remove-room-document";
import {
  addRoomDocumentSchema,
  createFolderSchema,
  MAX_FOLDER_DEPTH,
  MAX_ROOM_DOCUMENTS,
  MAX_ROOM_FOLDERS,
  moveRoomDocumentSchema,
  roomDocumentSchema,
  roomFolderSchema,
  updateFolderSchema,
} from "../schemas/rooms";
import { roomDocumentExample, roomFolderExample } from "./examples/rooms";
import { FOLDER_ID, type In, SHORT_CODE } from "./examples/story";
import { defineOperation } from "./operation";
import { folderId, ownedRoom, shortCode } from "./path-params";
import { ADDS } from "./tool-hints";

/** What a data room holds: its documents, in order, and its folders. */

const roomDocumentAddExample = { short_code: SHORT_CODE, folder_id: FOLDER_ID } satisfies In<typeof addRoomDocumentSchema>;

const roomDocumentMoveExample = { folder_id: null, position: 0 } satisfies In<typeof moveRoomDocumentSchema>;

const roomFolderCreateExample = { name: "Financials", parent_id: null } satisfies In<typeof createFolderSchema>;

const roomFolderUpdateExample = { name: "Financials 2025", position: 1 } satisfies In<typeof updateFolderSchema>;

export const addDocumentToRoom = defineOperation({
  method: "POST",
  path: "/api/v1/rooms/{id}/documents",
  operationId: "addRoomDocument",
  summary: "Put one of the team's documents in the room",
  description:
    `Last in its folder (or the top level); a room holds at most ${MAX_ROOM_DOCUMENTS}. A document may sit in several rooms. ` +
    "Adding a document the room already holds changes nothing and answers 200 with where it is.",
  tag: "Rooms",
  can: "documents.write",
  params: { id: ownedRoom },
  body: { schema: addRoomDocumentSchema, example: roomDocumentAddExample },
  response: { status: 201, description: "Added", schema: roomDocumentSchema, example: roomDocumentExample },
  also: [{ status: 200, description: "Already in the room", schema: roomDocumentSchema, example: roomDocumentExample }],
  errors: [400, 422],
  handle: async ({ access, params, body }) => addRoomDocument(access, params.id, await body()),
  reply: ({ entry, added }) => json(entry, added ? 201 : 200),
  mcp: {
    name: "add_document_to_room",
    title: "Add a document to a data room",
    description:
      "Put one of the team's documents (short_code) into a data room, at the end of a folder (folder_id) or of the top level. Adding a document the room already holds changes nothing and answers its place. Answers the room's entry for the document, as POST /api/v1/rooms/{id}/documents does.",
    annotations: { ...ADDS, idempotentHint: true },
    answer: ({ entry }) => entry,
  },
});

export const moveDocumentInRoom = defineOperation({
  method: "PATCH",
  path: "/api/v1/rooms/{id}/documents/{short_code}",
  operationId: "moveRoomDocument",
  summary: "Move a document to another folder or place",
  description: "Moved into another folder without a `position`, it goes last there.",
  tag: "Rooms",
  can: "documents.write",
  params: { id: ownedRoom, short_code: shortCode },
  body: { schema: moveRoomDocumentSchema, example: roomDocumentMoveExample },
  response: { status: 200, description: "The document where it is now", schema: roomDocumentSchema, example: roomDocumentExample },
  errors: [400, 422],
  handle: async ({ access, params, body }) => moveRoomDocument(access, params.id, params.short_code, await body()),
});

export const removeDocumentFromRoom = defineOperation({
  method: "DELETE",
  path: "/api/v1/rooms/{id}/documents/{short_code}",
  operationId: "removeRoomDocument",
  summary: "Take a document out of the room",
  description: "The document itself stays, as do the other rooms it sits in.",
  tag: "Rooms",
  can: "documents.write",
  params: { id: ownedRoom, short_code: shortCode },
  response: { status: 204, description: "Removed" },
  handle: ({ access, params }) => removeRoomDocument(access, params.id, params.short_code),
});

export const createRoomFolder = defineOperation({
  method: "POST",
  path: "/api/v1/rooms/{id}/folders",
  operationId: "createRoomFolder",
  summary: "Create a folder",
  description: `Last among its parent's folders. Folders nest at most ${MAX_FOLDER_DEPTH} deep; a room holds at most ${MAX_ROOM_FOLDERS}.`,
  tag: "Rooms",
  can: "documents.write",
  params: { id: ownedRoom },
  body: { schema: createFolderSchema, example: roomFolderCreateExample },
  response: { status: 201, description: "The new folder", schema: roomFolderSchema, example: roomFolderExample },
  errors: [400, 422],
  handle: async ({ access, params, body }) => createFolder(access, params.id, await body()),
});

export const updateRoomFolder = defineOperation({
  method: "PATCH",
  path: "/api/v1/rooms/{id}/folders/{folder_id}",
  operationId: "updateRoomFolder",
  summary: "Rename, move or reorder a folder",
  description:
    "Moved with everything in it; never into itself or one of its subfolders (422). Moved without a `position`, it goes last among its new siblings.",
  tag: "Rooms",
  can: "documents.write",
  params: { id: ownedRoom, folder_id: folderId },
  body: { schema: updateFolderSchema, example: roomFolderUpdateExample },
  response: { status: 200, description: "The folder where it is now", schema: roomFolderSchema, example: roomFolderExample },
  errors: [400, 422],
  handle: async ({ access, params, body }) => changeFolder(access, params.id, params.folder_id, await body()),
});

export const deleteRoomFolder = defineOperation({
  method: "DELETE",
  path: "/api/v1/rooms/{id}/folders/{folder_id}",
  operationId: "deleteRoomFolder",
  summary: "Delete a folder, keeping what it holds",
  description: "Its subfolders take its place among its siblings; its documents follow those of its parent.",
  tag: "Rooms",
  can: "documents.write",
  params: { id: ownedRoom, folder_id: folderId },
  response: { status: 204, description: "Deleted" },
  handle: ({ access, params }) => deleteFolder(access, params.id, params.folder_id),
});

export const ROOM_CONTENT_OPERATIONS = [
  addDocumentToRoom,
  moveDocumentInRoom,
  removeDocumentFromRoom,
  createRoomFolder,
  updateRoomFolder,
  deleteRoomFolder,
];
