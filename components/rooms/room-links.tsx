"use client";

import { useActionState } from "react";
import { ActionForm } from "@/components/ui/action-form";
import { Field, FormError, TextField } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { SubmitButton } from "@/components/ui/submit-button";
import { createRoomLinkAction } from "@/lib/http/actions/room-actions";
import { groupOptions, RoomLinkRow, type RoomLinkRowData } from "./room-link-row";

/** The room's default link and one per recipient (each following the room's settings unless it overrides them), with the form for another. */
export function RoomLinks({
  roomId,
  defaultUrl,
  links,
  writes,
  groups,
}: {
  roomId: string;
  defaultUrl: string;
  links: RoomLinkRowData[];
  writes: boolean;
  groups: Array<{ id: string; name: string }>;
}) {
  const [state, dispatch, pending] = useActionState(createRoomLinkAction.bind(null, roomId), undefined);
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Room links" className="divide-y divide-slate-100">
        <RoomLinkRow roomId={roomId} link={{ name: "Default link", url: defaultUrl }} writes={writes} />
        {links.map((link) => (
          <RoomLinkRow key={link.code} roomId={roomId} link={link} writes={writes} groups={groups} />
        ))}
      </ul>
      {writes && (
        <ActionForm dispatch={dispatch} state={state} aria-label="New recipient link" className="flex flex-col gap-3">
          <FormError message={state?.error} />
          <TextField
            id="room-link-name"
            name="name"
            label="Recipient"
            hint="Who this link is for; it follows the room's settings until you edit it."
            required
            error={state?.fieldErrors?.name}
          />
          {groups.length > 0 && (
            <Field id="room-link-group" label="Opens" error={state?.fieldErrors?.group_id}>
              {(control) => <Select {...control} name="group_id" options={groupOptions(groups)} />}
            </Field>
          )}
          <div>
            <SubmitButton pending={pending} pendingLabel="Creating…" variant="secondary">
              Create link
            </SubmitButton>
          </div>
        </ActionForm>
      )}
    </div>
  );
}
