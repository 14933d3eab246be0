"use client";

import { useActionState } from "react";
import { ActionForm } from "@/components/ui/action-form";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Input } from "@/components/ui/field";
import { IndexNumber } from "@/components/ui/index-number";
import { type Options, Select } from "@/components/ui/select";
import { SubmitButton } from "@/components/ui/submit-button";
import { deleteFolderAction, moveFolderAction, renameFolderAction } from "@/lib/http/actions/room-actions";
import type { RunChange } from "./use-room-change";

/**
 * A folder's name, editable in place; "Move to…" another folder (the keyboard's way to move it, with
 * everything in it); and its Delete, asked first since the folder's contents move up a level.
 */
export function RoomFolderHeader({
  roomId,
  folder,
  moveTargets,
  run,
  pending,
}: {
  roomId: string;
  folder: { id: string; name: string; parent_id: string | null; index: string };
  moveTargets: Options;
  run: RunChange;
  pending: boolean;
}) {
  const [state, dispatch, saving] = useActionState(renameFolderAction.bind(null, roomId, folder.id), undefined);
  const error = state?.error ?? state?.fieldErrors?.name;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <IndexNumber value={folder.index} />
      <ActionForm dispatch={dispatch} state={state} className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
        <Input
          name="name"
          defaultValue={folder.name}
          aria-label={`Name of folder ${folder.name}`}
          aria-invalid={error ? true : undefined}
          className="max-w-60 font-medium"
        />
        <SubmitButton pending={saving} pendingLabel="Renaming…" variant="secondary" size="sm">
          Rename
        </SubmitButton>
        {error && (
          <span role="alert" className="text-sm text-red-700">
            {error}
          </span>
        )}
      </ActionForm>
      <Select
        aria-label={`Move folder ${folder.name} to`}
        className="w-auto max-w-44"
        value={folder.parent_id ?? ""}
        disabled={pending}
        options={moveTargets}
        onChange={(event) => run(() => moveFolderAction(roomId, folder.id, { parent_id: event.target.value || null }))}
      />
      <ConfirmButton
        size="sm"
        title={`Delete the folder “${folder.name}”?`}
        description="Only the folder goes: its subfolders and documents move up into the folder that held it, and stay in the room."
        confirmLabel="Delete folder"
        pending={pending}
        onConfirm={() => run(() => deleteFolderAction(roomId, folder.id))}
      >
        Delete folder
      </ConfirmButton>
    </div>
  );
}
