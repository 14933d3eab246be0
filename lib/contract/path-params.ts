import { findOwnedDocument } from "../documents/find-document";
import { findOwnedLink } from "../links/find-link";
import { findOwnedRoom } from "../rooms/find-room";
import { shortCodeParam } from "../schemas/common";
import { contactEmailParam } from "../schemas/contacts";
import { linkCodeParam } from "../schemas/links";
import { folderIdParam, roomIdParam, roomLinkCodeParam } from "../schemas/rooms";
import { memberUserIdParam } from "../schemas/teams";
import { roomGroupIdParam } from "../schemas/room-groups";
import { versionNumberParam } from "../schemas/versions";
import type { z } from "../schemas/zod";
import type { TeamAccess } from "../teams/permissions";

/**
 * One path segment of an operation: its schema (which the document publishes), what a value that
 * names nothing is called in the 404 (`Room not found`), its name as an MCP argument where that
 * differs, and what the handler gets for it: the parsed value, or the team's row it names.
 */
export type PathParam<V = unknown> = {
  schema: z.ZodType;
  what: string;
  argument?: string;
  resolve: (access: TeamAccess, value: never) => Promise<V>;
};

const parsed = <S extends z.ZodType>(schema: S, what: string): PathParam<z.output<S>> => ({
  schema,
  what,
  resolve: async (_access, value: z.output<S>) => value,
});

/** `s-<code>` as sent, for the use-cases that look the document up themselves. */
export const shortCode = parsed(shortCodeParam, "Document");
/** The team's active document (404 for another team's, a deleted one or none). */
export const ownedDocument: PathParam<Awaited<ReturnType<typeof findOwnedDocument>>> = {
  schema: shortCodeParam,
  what: "Document",
  resolve: (access, code: string) => findOwnedDocument(access.teamId, code),
};
export const ownedLink: PathParam<Awaited<ReturnType<typeof findOwnedLink>>> = {
  schema: linkCodeParam,
  what: "Link",
  resolve: (access, code: string) => findOwnedLink(access.teamId, code),
};
/** The team's room; `room_id` to an assistant, where `id` alone would not say which. */
export const ownedRoom: PathParam<Awaited<ReturnType<typeof findOwnedRoom>>> = {
  schema: roomIdParam,
  what: "Room",
  argument: "room_id",
  resolve: (access, id: string) => findOwnedRoom(access.teamId, id),
};
export const versionNumber = parsed(versionNumberParam, "Version");
export const folderId = parsed(folderIdParam, "Folder");
/** Looked up in the room it belongs to, by the handler, once the room is found. */
export const roomLinkCode = parsed(roomLinkCodeParam, "Link");
export const memberId = parsed(memberUserIdParam, "Member");
/** Looked up in the room it belongs to, by the handler, once the room is found. */
export const roomGroupId = parsed(roomGroupIdParam, "Group");
/** A person's email, lower-cased; the handler answers 404 for one the team never saw. */
export const contactEmail = parsed(contactEmailParam, "Contact");
