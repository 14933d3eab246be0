"use client";

import { useState } from "react";
import { Field, Input, inputClass } from "@/components/ui/field";
import { previewPagesFromGatePage } from "@/lib/documents/preview-pages";

export type SettingsValues = {
  email_gate: boolean;
  gate_type: "preview" | "full" | "none";
  gate_page: number;
  allow_download: boolean;
  block_free_emails: boolean;
  notifications_enabled: boolean;
};

export function Toggle({ name, label, hint, defaultChecked }: { name: string; label: string; hint: string; defaultChecked: boolean }) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-md p-1">
      <input type="checkbox" name={name} value="true" defaultChecked={defaultChecked} className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600 accent-brand-600" />
      <span>
        <span className="block text-sm font-medium text-slate-800">{label}</span>
        <span className="block text-xs text-slate-500">{hint}</span>
      </span>
    </label>
  );
}

/**
 * Every setting of docs/api-contract.md as form fields, shared by upload and the document's settings form.
 * Checkboxes post "true" when on; the forms add the "false" the API expects when off. The gate's
 * page is shown and posted as `preview_pages` (free pages before it); the forms' server side
 * turns it into the API's `gate_page`.
 */
export function SettingsFields({ values, pageCount, errors = {}, passwordSet = false }: { values: SettingsValues; pageCount: number | null; errors?: Record<string, string>; passwordSet?: boolean }) {
  const [gateType, setGateType] = useState(values.gate_type);
  const [emailGate, setEmailGate] = useState(values.email_gate);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <fieldset className="space-y-3 sm:col-span-2">
        <legend className="text-sm font-semibold text-slate-900">Email gate</legend>
        <label className="flex items-center gap-3">
          <input type="checkbox" name="email_gate" value="true" checked={emailGate} onChange={(e) => setEmailGate(e.target.checked)} className="h-4 w-4 accent-brand-600" />
          <span className="text-sm font-medium text-slate-800">Ask readers for their email</span>
        </label>
        <div className={`grid gap-4 sm:grid-cols-2 ${emailGate ? "" : "opacity-50"}`}>
          <Field id="gate_type" label="When" error={errors.gate_type}>
            {(control) => (
              <select {...control} name="gate_type" value={gateType} disabled={!emailGate} onChange={(e) => setGateType(e.target.value as SettingsValues["gate_type"])} className={inputClass}>
                <option value="preview">After a free preview</option>
                <option value="full">Before page 1</option>
                <option value="none">Never (no gate)</option>
              </select>
            )}
          </Field>
          <Field id="preview_pages" label="Free preview pages" hint={pageCount ? `0 to ${pageCount - 1}: readers see these pages before the gate asks for an email` : "Pages readers see before the gate asks for an email"} error={errors.preview_pages ?? errors.gate_page}>
            {(control) => (
              <Input {...control} name="preview_pages" type="number" inputMode="numeric" min={0} max={pageCount ? pageCount - 1 : undefined} defaultValue={previewPagesFromGatePage(values.gate_page)} disabled={!emailGate || gateType !== "preview"} />
            )}
          </Field>
        </div>
      </fieldset>
      <Toggle name="allow_download" label="Allow download" hint="Readers can save the original PDF" defaultChecked={values.allow_download} />
      <Toggle name="block_free_emails" label="Require a work email" hint="Refuse gmail.com, yahoo.com and other free providers" defaultChecked={values.block_free_emails} />
      <Toggle name="notifications_enabled" label="Email me when it is viewed" hint="A digest of who read it and how far, at most one email every few minutes" defaultChecked={values.notifications_enabled} />
      <Field id="password" label="Password" hint={passwordSet ? "A password is set. Type a new one to change it." : "Optional, 4 to 128 characters"} error={errors.password}>
        {(control) => <Input {...control} name="password" type="password" autoComplete="new-password" minLength={4} maxLength={128} />}
      </Field>
      {passwordSet && <Toggle name="clear_password" label="Remove the password" hint="Anyone with the link can open it" defaultChecked={false} />}
    </div>
  );
}

export const DEFAULT_SETTINGS: SettingsValues = {
  email_gate: true,
  gate_type: "preview",
  gate_page: 3,
  allow_download: true,
  block_free_emails: false,
  notifications_enabled: true,
};

/** Checkbox fields that were not sent are off. */
export function withUncheckedBoxes(form: FormData) {
  for (const name of ["email_gate", "allow_download", "block_free_emails", "notifications_enabled"]) {
    if (!form.has(name)) form.set(name, "false");
  }
  return form;
}
