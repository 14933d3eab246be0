import type { z } from "zod";
import { apiShortCode, shareUrl } from "../documents/short-code";
import type { Document, Room, RoomDocument } from "../generated/prisma/client";
import type { roomDocumentSchema, roomFolderSchema, roomSchema } from "../schemas/rooms";
import type { FolderRow } from "./folder-tree";
import { roomSettings } from "./room-settings";

/** The Room object of the API (lib/schemas/rooms.ts). */
export function serializeRoom(room: Room, documentsCount: number): z.input<typeof roomSchema> {
  return {
    id: room.id,
    name: room.name,
    description: room.description,
    code: room.code,
    url: shareUrl(room.code),
    settings: roomSettings(room),
    documents_count: documentsCount,
    created_at: room.createdAt.toISOString(),
  };
}

export function serializeFolder(folder: FolderRow, position: number, index: string): z.input<typeof roomFolderSchema> {
  return { id: folder.id, name: folder.name, parent_id: folder.parentId, position, index };
}

export type RoomDocumentRow = Pick<RoomDocument, "folderId"> & { document: Pick<Document, "code" | "title" | "pageCount"> };

export function serializeRoomDocument(entry: RoomDocumentRow, position: number, index: string): z.input<typeof roomDocumentSchema> {
  return {
    short_code: apiShortCode(entry.document.code),
    title: entry.document.title,
    page_count: entry.document.pageCount,
    folder_id: entry.folderId,
    position,
    index,
  };
}
