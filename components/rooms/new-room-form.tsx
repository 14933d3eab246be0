"use client";

import { useActionState } from "react";
import { ActionForm } from "@/components/ui/action-form";
import { Field, FormError, TextField, inputClass } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { createRoomAction } from "@/lib/http/actions/room-actions";

/** A room's name and description; the server opens the new room's page. */
export function NewRoomForm() {
  const [state, dispatch, pending] = useActionState(createRoomAction, undefined);
  return (
    <ActionForm dispatch={dispatch} state={state} className="flex max-w-lg flex-col gap-4" aria-label="New room">
      <FormError message={state?.error} />
      <TextField id="room-name" name="name" label="Name" required maxLength={200} error={state?.fieldErrors?.name} />
      <Field id="room-description" label="Description" hint="Optional: what the room is for." error={state?.fieldErrors?.description}>
        {(control) => <textarea {...control} name="description" rows={3} maxLength={2000} className={inputClass} />}
      </Field>
      <div>
        <SubmitButton pending={pending} pendingLabel="Creating…">
          New room
        </SubmitButton>
      </div>
    </ActionForm>
  );
}
