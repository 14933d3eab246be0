"use client";

import { useActionState } from "react";
import { AccessRuleFields } from "@/components/dashboard/access-rule-fields";
import { ActionForm } from "@/components/ui/action-form";
import { Field, inputClass, TextField } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { SaveFooter } from "@/components/ui/submit-button";
import { Toggle } from "@/components/ui/toggle";
import { DEFAULT_SETTINGS, type DocumentSettings } from "@/lib/documents/settings-form";
import { type RoomFormState, updateRoomSettingsAction } from "@/lib/http/actions/room-actions";

type Settings = Omit<DocumentSettings, "gate_type" | "gate_page" | "block_free_emails" | "notifications_enabled" | "download_original"> & {
  gate_type: "full" | "none";
  password: boolean;
};
type Room = { id: string; name: string; description: string; settings: Settings };

/**
 * The room's name, description and rules: one gate before every document, downloads, a password
 * and the access rules (the document form's controls). Every link of the room follows them unless
 * it overrides one.
 */
export function RoomSettings({ room }: { room: Room }) {
  const [state, dispatch, pending] = useActionState<RoomFormState, FormData>(updateRoomSettingsAction.bind(null, room.id), undefined);
  const errors = state?.fieldErrors ?? {};
  const { settings } = room;
  const gated = settings.email_gate && settings.gate_type !== "none";
  return (
    <ActionForm dispatch={dispatch} state={state} aria-label="Room settings" className="grid gap-4 sm:grid-cols-2">
      <TextField id="room-name" name="name" label="Name" required maxLength={200} defaultValue={room.name} error={errors.name} />
      <Field id="room-gate" label="Email gate" error={errors.gate_type}>
        {(control) => (
          <Select
            {...control}
            name="gate_type"
            defaultValue={gated ? "full" : "none"}
            options={[
              ["full", "Readers give their email before the first document"],
              ["none", "None: readers open the room directly"],
            ]}
          />
        )}
      </Field>
      <Field id="room-description" label="Description" hint="Shown to readers above the room's contents." error={errors.description}>
        {(control) => (
          <textarea {...control} name="description" rows={3} maxLength={2000} defaultValue={room.description} className={inputClass} />
        )}
      </Field>
      <div className="space-y-4">
        <Toggle
          name="allow_download"
          label="Allow downloads"
          hint="Readers can save each document's PDF"
          defaultChecked={settings.allow_download}
        />
        <Toggle
          name="allow_questions"
          label="Allow questions"
          hint="Readers who gave their email can ask; answer them in Questions"
          defaultChecked={settings.allow_questions}
        />
        <TextField
          id="room-password"
          name="password"
          type="password"
          autoComplete="new-password"
          label="Password"
          hint={settings.password ? "A password is set. Type a new one to change it." : "Optional, 8 to 128 characters"}
          minLength={8}
          maxLength={128}
          error={errors.password}
        />
        {settings.password && (
          <Toggle name="clear_password" label="Remove the password" hint="Anyone with a link can open the room" defaultChecked={false} />
        )}
      </div>
      <AccessRuleFields values={{ ...DEFAULT_SETTINGS, ...settings }} errors={errors} of="room" />
      <div className="space-y-3 sm:col-span-2">
        <SaveFooter error={state?.error} pending={pending} saved={state?.ok}>
          Save settings
        </SaveFooter>
      </div>
    </ActionForm>
  );
}
