"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { linkFieldProblems } from "../../dashboard/link-form-input";
import { roomLinkUpdateFromForm } from "../../dashboard/room-link-form";
import { deleteRoomLink } from "../../rooms/delete-room-link";
import { findOwnedRoom } from "../../rooms/find-room";
import { findRoomLink } from "../../rooms/find-room-link";
import { updateRoomLink } from "../../rooms/update-room-link";
import { requireTeam } from "../require-team";
import { type FormProblems, buttonAction, formAction, formData, formState, recordId, shortCode } from "../server-action";

export type RoomLinkFormState = (FormProblems & { ok?: boolean }) | undefined;

const write = requireTeam("documents.write");

/** The room and one of its links, each the session team's, or not found. */
async function roomLink(teamId: string, roomId: string, code: string) {
  const room = await findOwnedRoom(teamId, roomId);
  return { room, link: await findRoomLink(room, code) };
}

/** A room link's edit form: its name and each setting following the room or overriding it. */
export const updateRoomLinkAction = formAction(
  {
    session: write,
    args: z.tuple([recordId, shortCode, formState<RoomLinkFormState>(), formData]),
    formFields: linkFieldProblems,
    failure: (message: string) => `The link could not be saved: ${message}.`,
  },
  async (team, roomId, code, _state, form): Promise<RoomLinkFormState> => {
    const { room, link } = await roomLink(team.teamId, roomId, code);
    await updateRoomLink(team, room, link, roomLinkUpdateFromForm(form));
    revalidatePath(`/rooms/${roomId}`);
    return { ok: true };
  },
);

export const setRoomLinkActiveAction = buttonAction(
  { session: write, args: z.tuple([recordId, shortCode, z.boolean()]) },
  async (team, roomId, code, active): Promise<void> => {
    const { room, link } = await roomLink(team.teamId, roomId, code);
    await updateRoomLink(team, room, link, { is_active: active });
    revalidatePath(`/rooms/${roomId}`);
  },
);

export const deleteRoomLinkAction = buttonAction(
  { session: write, args: z.tuple([recordId, shortCode]) },
  async (team, roomId, code): Promise<void> => {
    const { room, link } = await roomLink(team.teamId, roomId, code);
    await deleteRoomLink(team, room, link);
    revalidatePath(`/rooms/${roomId}`);
  },
);
