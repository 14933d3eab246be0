"use client";

import { useActionState } from "react";
import { ActionForm } from "@/components/ui/action-form";
import { Field, FormError, TextField } from "@/components/ui/field";
import { LocalDateTimeInput } from "@/components/ui/local-date-time-input";
import { Select } from "@/components/ui/select";
import { SubmitButton } from "@/components/ui/submit-button";
import { Toggle } from "@/components/ui/toggle";
import { updateRoomSettingsAction } from "@/lib/http/actions/room-actions";

type Settings = { gate_type: "full" | "none"; allow_download: boolean; password: boolean; expires_at: string | null };

/** The room's gate, download, password and expiry: every link of the room follows them unless it overrides one. */
export function RoomSettings({ roomId, settings }: { roomId: string; settings: Settings }) {
  const [state, dispatch, pending] = useActionState(updateRoomSettingsAction.bind(null, roomId), undefined);
  const errors = state?.fieldErrors ?? {};
  const done = state && "done" in state ? state.done : undefined;
  return (
    <ActionForm dispatch={dispatch} state={state} aria-label="Room settings" className="flex flex-col gap-4">
      <FormError message={state?.error} />
      <Field id="room-gate" label="Email gate" error={errors.gate_type}>
        {(control) => (
          <Select
            {...control}
            name="gate_type"
            defaultValue={settings.gate_type}
            options={[
              ["full", "Readers give their email before the first document"],
              ["none", "None: readers open the room directly"],
            ]}
          />
        )}
      </Field>
      <Toggle name="allow_download" label="Allow downloads" defaultChecked={settings.allow_download} />
      <Field id="room-expires" label="Expires" hint="Left empty: never." error={errors.expires_at}>
        {(control) => <LocalDateTimeInput name="expires_at" defaultValue={settings.expires_at} control={control} />}
      </Field>
      <TextField
        id="room-password"
        name="password"
        type="password"
        autoComplete="new-password"
        label={settings.password ? "New password" : "Password"}
        hint={settings.password ? "Left empty: the current one stays." : "Left empty: none."}
        error={errors.password}
      />
      {settings.password && <Toggle name="clear_password" label="Remove the password" defaultChecked={false} />}
      {done && (
        <p role="status" className="text-sm text-green-800">
          {done}
        </p>
      )}
      <div>
        <SubmitButton pending={pending} pendingLabel="Saving…">
          Save settings
        </SubmitButton>
      </div>
    </ActionForm>
  );
}
