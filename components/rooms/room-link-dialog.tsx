"use client";

import { useActionState, useEffect, useId } from "react";
import { ActionForm } from "@/components/ui/action-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogDescription, DialogTitle, useDialog, useDialogTitleId } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/field";
import { LinkMainFields } from "@/components/dashboard/link-form-fields";
import { LinkMoreRules } from "@/components/dashboard/link-more-rules";
import { ROOM_SETTING_KEYS } from "@/lib/schemas/room-setting-keys";
import { type RoomLinkFormState, updateRoomLinkAction } from "@/lib/http/actions/room-link-actions";
import type { LinkOverrides } from "@/lib/links/shared-document";

type Target = { roomId: string; code: string; name: string; overrides: LinkOverrides };

/** A room link's Edit: its name and each setting following the room or its own, in a modal dialog; saving closes it. */
export function RoomLinkDialog({ target }: { target: Target }) {
  const { control, openerProps, close } = useDialog();
  return (
    <>
      <Button {...openerProps} variant="secondary" size="sm" aria-label={`Edit ${target.name}`}>
        Edit
      </Button>
      <Dialog control={control} width="lg">
        <RoomLinkForm target={target} close={close} />
      </Dialog>
    </>
  );
}

function RoomLinkForm({ target, close }: { target: Target; close: () => void }) {
  const [state, dispatch, pending] = useActionState<RoomLinkFormState, FormData>(
    updateRoomLinkAction.bind(null, target.roomId, target.code),
    undefined,
  );
  const id = useId();
  const errors = state?.fieldErrors ?? {};

  useEffect(() => {
    if (state?.ok) close();
  }, [state, close]);

  return (
    <ActionForm dispatch={dispatch} state={state} className="space-y-4 p-6" aria-labelledby={useDialogTitleId()}>
      <div>
        <DialogTitle>{`Edit “${target.name}”`}</DialogTitle>
        <DialogDescription className="mt-1">Each setting follows the room unless you choose otherwise here.</DialogDescription>
      </div>
      <LinkMainFields
        id={id}
        name={target.name}
        overrides={target.overrides}
        errors={errors}
        editing
        follows="room"
        keys={ROOM_SETTING_KEYS}
      />
      <LinkMoreRules id={id} overrides={target.overrides} errors={errors} follows="room" keys={ROOM_SETTING_KEYS} />
      <FormError message={state?.error} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={close}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save link"}
        </Button>
      </div>
    </ActionForm>
  );
}
