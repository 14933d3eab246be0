"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { createRoomGroup } from "../../rooms/create-room-group";
import { deleteRoomGroup } from "../../rooms/delete-room-group";
import { findOwnedRoom } from "../../rooms/find-room";
import { findRoomGroup } from "../../rooms/find-room-group";
import { findRoomLink } from "../../rooms/find-room-link";
import { updateRoomGroup } from "../../rooms/update-room-group";
import { updateRoomLink } from "../../rooms/update-room-link";
import { createRoomGroupSchema, ROOM_ACCESS_LEVELS } from "../../schemas/room-groups";
import { requireTeam } from "../require-team";
import { type FormProblems, buttonAction, formAction, formFields, formState, recordId, shortCode } from "../server-action";

export type RoomGroupFormState = (FormProblems & { ok?: boolean }) | undefined;

const write = requireTeam("documents.write");
const level = z.enum(ROOM_ACCESS_LEVELS);
const target = z.union([z.strictObject({ folder_id: z.uuid() }), z.strictObject({ short_code: z.string() })]);

/** The room and one of its groups, each the session team's, or not found. */
async function roomGroup(teamId: string, roomId: string, groupId: string) {
  const room = await findOwnedRoom(teamId, roomId);
  return { room, group: await findRoomGroup(room, groupId) };
}

export const createRoomGroupAction = formAction(
  {
    session: write,
    args: z.tuple([
      recordId,
      formState<RoomGroupFormState>(),
      formFields(createRoomGroupSchema.pick({ name: true, default_access: true })),
    ]),
  },
  async (team, roomId, _state, input): Promise<RoomGroupFormState> => {
    await createRoomGroup(team, await findOwnedRoom(team.teamId, roomId), input);
    revalidatePath(`/rooms/${roomId}`);
    return { ok: true };
  },
);

/** One cell of the permissions grid: a level set on a folder or document for a group, or (null) inherited again. */
export const setGroupLevelAction = buttonAction(
  { session: write, args: z.tuple([recordId, recordId, target, level.nullable()]) },
  async (team, roomId, groupId, at, chosen): Promise<void> => {
    const { room, group } = await roomGroup(team.teamId, roomId, groupId);
    await updateRoomGroup(team, room, group, { access: [{ ...at, level: chosen }] });
    revalidatePath(`/rooms/${roomId}`);
  },
);

export const setGroupDefaultAction = buttonAction(
  { session: write, args: z.tuple([recordId, recordId, level]) },
  async (team, roomId, groupId, chosen): Promise<void> => {
    const { room, group } = await roomGroup(team.teamId, roomId, groupId);
    await updateRoomGroup(team, room, group, { default_access: chosen });
    revalidatePath(`/rooms/${roomId}`);
  },
);

export const deleteRoomGroupAction = buttonAction(
  { session: write, args: z.tuple([recordId, recordId]) },
  async (team, roomId, groupId): Promise<void> => {
    const { room, group } = await roomGroup(team.teamId, roomId, groupId);
    await deleteRoomGroup(team, room, group);
    revalidatePath(`/rooms/${roomId}`);
  },
);

/** A link's group on its row: one of the room's groups, or (null) the whole room. */
export const setRoomLinkGroupAction = buttonAction(
  { session: write, args: z.tuple([recordId, shortCode, recordId.nullable()]) },
  async (team, roomId, code, groupId): Promise<void> => {
    const room = await findOwnedRoom(team.teamId, roomId);
    await updateRoomLink(team, room, await findRoomLink(room, code), { group_id: groupId });
    revalidatePath(`/rooms/${roomId}`);
  },
);
