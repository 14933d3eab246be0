"use client";

import { useActionState, useEffect, useRef } from "react";
import { ActionForm } from "@/components/ui/action-form";
import { Button, type ButtonVariant } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/field";
import type { AccountFormState } from "@/lib/http/actions/account-actions";

export type AccountField = {
  name: string;
  label: string;
  type?: "text" | "email" | "password";
  autoComplete?: string;
  defaultValue?: string;
  hint?: string;
  maxLength?: number;
};

/**
 * One form of the account page or of the password reset pages, described by its fields: each field
 * shows its own refusal, the form's refusal or what was done is announced, and the button says
 * when it is working. Passwords are cleared once the change is done; other values stay.
 */
export function AccountForm({
  id,
  label,
  action,
  fields,
  hidden = {},
  submit,
  pendingLabel,
  variant = "primary",
}: {
  /** Prefixes the inputs' ids: several forms share a page. */
  id: string;
  /** The form's accessible name. */
  label: string;
  action: (state: AccountFormState, form: FormData) => Promise<AccountFormState>;
  fields: AccountField[];
  hidden?: Record<string, string>;
  submit: string;
  pendingLabel: string;
  variant?: ButtonVariant;
}) {
  const [state, dispatch, pending] = useActionState<AccountFormState, FormData>(action, undefined);
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!state?.done) return;
    for (const input of wrapper.current?.querySelectorAll<HTMLInputElement>('input[type="password"]') ?? []) input.value = "";
  }, [state]);
  return (
    <div ref={wrapper}>
      <ActionForm dispatch={dispatch} state={state} aria-label={label} className="max-w-md space-y-4">
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {fields.map((field) => (
          <TextField
            key={field.name}
            id={`${id}-${field.name.replaceAll("_", "-")}`}
            label={field.label}
            hint={field.hint}
            error={state?.fieldErrors?.[field.name]}
            name={field.name}
            type={field.type ?? "text"}
            autoComplete={field.autoComplete}
            defaultValue={field.defaultValue}
            maxLength={field.maxLength}
          />
        ))}
        {/* A refusal that names a field is shown under it, not twice. */}
        <FormError message={Object.values(state?.fieldErrors ?? {}).includes(state?.error ?? "") ? null : state?.error} />
        {state?.done && (
          <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
            {state.done}
          </p>
        )}
        <Button type="submit" variant={variant} disabled={pending}>
          {pending ? pendingLabel : submit}
        </Button>
      </ActionForm>
    </div>
  );
}
