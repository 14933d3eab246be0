import { findOwnedDocument } from "../documents/find-document";
import type { Document, Room } from "../generated/prisma/client";
import { parseParam } from "../http/parse";
import { findOwnedRoom } from "../rooms/find-room";
import { shortCodeParam } from "../schemas/common";
import { roomIdParam } from "../schemas/rooms";
import type { TeamAccess } from "../teams/permissions";
import { namedArgument } from "./tool-arguments";

/** The named arguments that pick what a tool acts on, with the schemas of the REST path segments they stand for. */
export const DOCUMENT = { short_code: shortCodeParam };
export const ROOM = { room_id: roomIdParam };

/** The team's document named by `short_code`: 404 not_found for another team's, a deleted one or none, as on REST. */
export function documentOf(access: TeamAccess, args: Record<string, unknown>): Promise<Document> {
  return findOwnedDocument(access.teamId, namedArgument(args, "short_code"));
}

/** The team's room named by `room_id`: 404 not_found, as on REST, for any id that is not one of the team's rooms. */
export function roomOf(access: TeamAccess, args: Record<string, unknown>): Promise<Room> {
  return findOwnedRoom(access.teamId, parseParam(roomIdParam, namedArgument(args, "room_id"), "Room"));
}
