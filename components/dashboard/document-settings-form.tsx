"use client";

import { useActionState } from "react";
import { ActionForm } from "@/components/ui/action-form";
import { TextField } from "@/components/ui/field";
import { type SettingsState, updateSettingsAction } from "@/lib/http/actions/document-actions";
import type { SettingsValues } from "@/lib/documents/settings-form";
import { SettingsFields } from "./settings-fields";
import { SaveFooter } from "@/components/ui/submit-button";

export function DocumentSettingsForm({
  code,
  title,
  values,
  pageCount,
  passwordSet,
}: {
  code: string;
  title: string;
  values: SettingsValues;
  pageCount: number;
  passwordSet: boolean;
}) {
  const [state, dispatch, pending] = useActionState<SettingsState, FormData>(updateSettingsAction.bind(null, code), undefined);
  return (
    <ActionForm dispatch={dispatch} state={state} className="space-y-5" aria-label="Document settings">
      <TextField
        id="settings-title"
        label="Title"
        error={state?.fieldErrors?.title}
        name="title"
        defaultValue={title}
        maxLength={200}
        required
      />
      <SettingsFields values={values} pageCount={pageCount} errors={state?.fieldErrors} passwordSet={passwordSet} />
      <SaveFooter error={state?.error} pending={pending} saved={state?.ok}>
        Save settings
      </SaveFooter>
    </ActionForm>
  );
}
