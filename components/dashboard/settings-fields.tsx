"use client";

import { useState } from "react";
import { Field, Input, inputClass } from "@/components/ui/field";
import { type CheckboxKey, type CheckboxSetting, DOCUMENT_SETTINGS, type DocumentSettings } from "@/lib/documents/settings-form";

export function Toggle({ name, label, hint, defaultChecked }: { name: string; label: string; hint?: string; defaultChecked: boolean }) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-md p-1">
      <input
        type="checkbox"
        name={name}
        value="true"
        defaultChecked={defaultChecked}
        className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600 accent-brand-600"
      />
      <span>
        <span className="block text-sm font-medium text-slate-800">{label}</span>
        {hint && <span className="block text-xs text-slate-500">{hint}</span>}
      </span>
    </label>
  );
}

function SettingToggle({ setting, values }: { setting: CheckboxSetting<CheckboxKey>; values: DocumentSettings }) {
  return <Toggle name={setting.field} label={setting.label} hint={setting.hint} defaultChecked={values[setting.key]} />;
}

/**
 * The controls of every setting in lib/documents/settings-form.ts, shared by upload and the
 * document's settings form; names, labels, defaults and the form ⇄ API conversions come from there.
 */
export function SettingsFields({
  values,
  pageCount,
  errors = {},
  passwordSet = false,
}: {
  values: DocumentSettings;
  pageCount: number | null;
  errors?: Record<string, string>;
  passwordSet?: boolean;
}) {
  const { email_gate: emailGateSetting, gate_type: gateTypeSetting, gate_page: gatePageSetting } = DOCUMENT_SETTINGS;
  const [gateType, setGateType] = useState(values.gate_type);
  const [emailGate, setEmailGate] = useState(values.email_gate);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <fieldset className="space-y-3 sm:col-span-2">
        <legend className="text-sm font-semibold text-slate-900">Email gate</legend>
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            name={emailGateSetting.field}
            value="true"
            checked={emailGate}
            onChange={(e) => setEmailGate(e.target.checked)}
            className="h-4 w-4 accent-brand-600"
          />
          <span className="text-sm font-medium text-slate-800">{emailGateSetting.label}</span>
        </label>
        <div className={`grid gap-4 sm:grid-cols-2 ${emailGate ? "" : "opacity-50"}`}>
          <Field id={gateTypeSetting.field} label={gateTypeSetting.label} error={errors[gateTypeSetting.field]}>
            {(control) => (
              <select
                {...control}
                name={gateTypeSetting.field}
                value={gateType}
                disabled={!emailGate}
                onChange={(e) => setGateType(e.target.value as DocumentSettings["gate_type"])}
                className={inputClass}
              >
                {gateTypeSetting.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            id={gatePageSetting.field}
            label={gatePageSetting.label}
            hint={pageCount ? `0 to ${pageCount - 1}: readers see these pages before the gate asks for an email` : gatePageSetting.hint}
            error={errors[gatePageSetting.field] ?? errors.gate_page}
          >
            {(control) => (
              <Input
                {...control}
                name={gatePageSetting.field}
                type="number"
                inputMode="numeric"
                min={0}
                max={pageCount ? pageCount - 1 : undefined}
                defaultValue={gatePageSetting.toForm(values.gate_page)}
                disabled={!emailGate || gateType !== "preview"}
              />
            )}
          </Field>
        </div>
      </fieldset>
      <SettingToggle setting={DOCUMENT_SETTINGS.allow_download} values={values} />
      <SettingToggle setting={DOCUMENT_SETTINGS.block_free_emails} values={values} />
      <SettingToggle setting={DOCUMENT_SETTINGS.notifications_enabled} values={values} />
      <Field
        id="password"
        label="Password"
        hint={passwordSet ? "A password is set. Type a new one to change it." : "Optional, 4 to 128 characters"}
        error={errors.password}
      >
        {(control) => <Input {...control} name="password" type="password" autoComplete="new-password" minLength={4} maxLength={128} />}
      </Field>
      {passwordSet && (
        <Toggle name="clear_password" label="Remove the password" hint="Anyone with the link can open it" defaultChecked={false} />
      )}
    </div>
  );
}
