"use client";

import { useActionState } from "react";
import { ActionForm } from "@/components/ui/action-form";
import { Field, FormError, TextField } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { SubmitButton } from "@/components/ui/submit-button";
import { addRoomDocumentAction, createFolderAction } from "@/lib/http/actions/room-actions";

type Options = Array<[string, string]>;

/** Puts one of the team's documents not in the room yet last in a folder (or the top level). */
export function AddRoomDocumentForm({ roomId, addable, folders }: { roomId: string; addable: Options; folders: Options }) {
  const [state, dispatch, pending] = useActionState(addRoomDocumentAction.bind(null, roomId), undefined);
  if (addable.length === 0) return <p className="text-sm text-slate-500">Every document of the team is in this room.</p>;
  return (
    <ActionForm dispatch={dispatch} state={state} aria-label="Add a document" className="flex flex-col gap-3">
      <FormError message={state?.error} />
      <Field id="add-document" label="Document" error={state?.fieldErrors?.short_code}>
        {(control) => <Select {...control} name="short_code" options={addable} />}
      </Field>
      <Field id="add-document-folder" label="Folder" error={state?.fieldErrors?.folder_id}>
        {(control) => <Select {...control} name="folder_id" options={[["", "Top level"], ...folders]} />}
      </Field>
      <div>
        <SubmitButton pending={pending} pendingLabel="Adding…">
          Add document
        </SubmitButton>
      </div>
    </ActionForm>
  );
}

/** A new folder, last among its siblings, at the top level or inside another folder. */
export function NewFolderForm({ roomId, folders }: { roomId: string; folders: Options }) {
  const [state, dispatch, pending] = useActionState(createFolderAction.bind(null, roomId), undefined);
  return (
    <ActionForm dispatch={dispatch} state={state} aria-label="New folder" className="flex flex-col gap-3">
      <FormError message={state?.error} />
      <TextField id="folder-name" name="name" label="Folder name" required maxLength={200} error={state?.fieldErrors?.name} />
      <Field id="folder-parent" label="Inside" error={state?.fieldErrors?.parent_id}>
        {(control) => <Select {...control} name="parent_id" options={[["", "Top level"], ...folders]} />}
      </Field>
      <div>
        <SubmitButton pending={pending} pendingLabel="Creating…" variant="secondary">
          New folder
        </SubmitButton>
      </div>
    </ActionForm>
  );
}
