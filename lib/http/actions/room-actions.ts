"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { linkFieldProblems } from "../../dashboard/link-form-input";
import { roomUpdateFromForm } from "../../dashboard/room-settings-form";
import { addRoomDocument } from "../../rooms/add-room-document";
import { changeFolder } from "../../rooms/change-folder";
import { createFolder } from "../../rooms/create-folder";
import { createRoom } from "../../rooms/create-room";
import { createRoomLink } from "../../rooms/create-room-link";
import { deleteFolder } from "../../rooms/delete-folder";
import { deleteRoom } from "../../rooms/delete-room";
import { findOwnedRoom } from "../../rooms/find-room";
import { folderAtPath } from "../../rooms/folder-at-path";
import { moveRoomDocument } from "../../rooms/move-room-document";
import { removeRoomDocument } from "../../rooms/remove-room-document";
import { updateRoom } from "../../rooms/update-room";
import {
  MAX_FOLDER_DEPTH,
  addRoomDocumentSchema,
  createFolderSchema,
  createRoomLinkSchema,
  createRoomSchema,
  moveRoomDocumentSchema,
  updateFolderSchema,
} from "../../schemas/rooms";
import { requireTeam } from "../require-team";
import { type FormProblems, buttonAction, formAction, formData, formFields, formState, recordId, shortCode } from "../server-action";

/** What a room form shows: a refusal, or that it was saved (most changes just redraw the page). */
export type RoomFormState = (FormProblems & { ok?: boolean }) | undefined;

const write = requireTeam("documents.write");
const form = <Output>(schema: z.ZodType<Output>) => [formState<RoomFormState>(), formFields(schema)] as const;

/** The room page draws from the server: every change redraws it. */
const changed = (roomId: string): RoomFormState => {
  revalidatePath(`/rooms/${roomId}`);
  return undefined;
};

export const createRoomAction = formAction(
  { session: write, args: z.tuple(form(createRoomSchema.pick({ name: true, description: true }))) },
  async (team, _state, input): Promise<RoomFormState> => {
    const room = await createRoom(team, input);
    revalidatePath("/rooms");
    redirect(`/rooms/${room.id}`);
  },
);

export const addRoomDocumentAction = formAction(
  { session: write, args: z.tuple([recordId, ...form(addRoomDocumentSchema)]) },
  async (team, roomId, _state, input): Promise<RoomFormState> => {
    await addRoomDocument(team, await findOwnedRoom(team.teamId, roomId), input);
    return changed(roomId);
  },
);

/**
 * One file of a drop of many, uploaded already, put in the room: in the folder chosen for the drop,
 * at the file's own folder path under it, each folder on the way made unless the room has it. It
 * does not redraw the page: the uploader refreshes it once the drop is done.
 */
export const placeUploadedDocumentAction = formAction(
  {
    session: write,
    args: z.tuple([
      recordId,
      z.strictObject({
        short_code: shortCode,
        folder_id: recordId.nullable(),
        path: z.array(createFolderSchema.shape.name).max(MAX_FOLDER_DEPTH),
      }),
    ]),
  },
  async (team, roomId, input): Promise<RoomFormState> => {
    const room = await findOwnedRoom(team.teamId, roomId);
    const folderId = await folderAtPath(team, room, input.folder_id, input.path);
    await addRoomDocument(team, room, { short_code: input.short_code, folder_id: folderId });
    return { ok: true };
  },
);

export const createFolderAction = formAction(
  { session: write, args: z.tuple([recordId, ...form(createFolderSchema)]) },
  async (team, roomId, _state, input): Promise<RoomFormState> => {
    await createFolder(team, await findOwnedRoom(team.teamId, roomId), input);
    return changed(roomId);
  },
);

export const renameFolderAction = formAction(
  { session: write, args: z.tuple([recordId, recordId, ...form(updateFolderSchema.pick({ name: true }))]) },
  async (team, roomId, folderId, _state, input): Promise<RoomFormState> => {
    await changeFolder(team, await findOwnedRoom(team.teamId, roomId), folderId, input);
    return changed(roomId);
  },
);

/** The folder's "Move to…": into another folder (null: the top level), last there. */
export const moveFolderAction = formAction(
  { session: write, args: z.tuple([recordId, recordId, updateFolderSchema.pick({ parent_id: true })]) },
  async (team, roomId, folderId, move): Promise<RoomFormState> => {
    await changeFolder(team, await findOwnedRoom(team.teamId, roomId), folderId, move);
    return changed(roomId);
  },
);

export const deleteFolderAction = formAction(
  { session: write, args: z.tuple([recordId, recordId]) },
  async (team, roomId, folderId): Promise<RoomFormState> => {
    await deleteFolder(team, await findOwnedRoom(team.teamId, roomId), folderId);
    return changed(roomId);
  },
);

export const removeRoomDocumentAction = formAction(
  { session: write, args: z.tuple([recordId, shortCode]) },
  async (team, roomId, code): Promise<RoomFormState> => {
    await removeRoomDocument(team, await findOwnedRoom(team.teamId, roomId), code);
    return changed(roomId);
  },
);

/** Drag and drop and the keyboard's Move up/down and Move to folder: a folder (null: the top level) and/or a place in it. */
export const moveRoomDocumentAction = formAction(
  { session: write, args: z.tuple([recordId, shortCode, moveRoomDocumentSchema]) },
  async (team, roomId, code, move): Promise<RoomFormState> => {
    await moveRoomDocument(team, await findOwnedRoom(team.teamId, roomId), code, move);
    return changed(roomId);
  },
);

export const createRoomLinkAction = formAction(
  { session: write, args: z.tuple([recordId, ...form(createRoomLinkSchema.pick({ name: true, group_id: true }))]) },
  async (team, roomId, _state, input): Promise<RoomFormState> => {
    await createRoomLink(team, await findOwnedRoom(team.teamId, roomId), input);
    return changed(roomId);
  },
);

/** The room's settings form: its name, description and every rule its links follow unless they override it. */
export const updateRoomSettingsAction = formAction(
  {
    session: write,
    args: z.tuple([recordId, formState<RoomFormState>(), formData]),
    formFields: linkFieldProblems,
    failure: (message) => `These settings could not be saved: ${message}.`,
  },
  async (team, roomId, _state, form): Promise<RoomFormState> => {
    await updateRoom(team, await findOwnedRoom(team.teamId, roomId), roomUpdateFromForm(form));
    changed(roomId);
    return { ok: true };
  },
);

export const deleteRoomAction = buttonAction({ session: write, args: z.tuple([recordId]) }, async (team, roomId) => {
  await deleteRoom(team, await findOwnedRoom(team.teamId, roomId));
  revalidatePath("/rooms");
  redirect("/rooms");
});
