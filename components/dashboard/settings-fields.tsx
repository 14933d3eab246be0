"use client";

import { useState } from "react";
import { Field, Input, inputClass } from "@/components/ui/field";
import { LocalDateTimeInput } from "@/components/ui/local-date-time-input";
import { NO_MAIL_HINT, useMailConfigured } from "./mail-context";
import { listEntries } from "@/lib/documents/access-rule-inputs";
import { MAX_LIST_ENTRIES } from "@/lib/schemas/access-rules";
import {
  type CheckboxKey,
  type CheckboxSetting,
  DEFAULT_SETTINGS,
  DOCUMENT_SETTINGS,
  type DocumentSettings,
  type SettingsValues,
} from "@/lib/documents/settings-form";

export function Toggle({
  name,
  label,
  hint,
  defaultChecked,
  disabled = false,
}: {
  name: string;
  label: string;
  hint?: string;
  defaultChecked: boolean;
  disabled?: boolean;
}) {
  return (
    <label className={`flex items-start gap-3 rounded-md p-1 ${disabled ? "cursor-not-allowed opacity-75" : "cursor-pointer"}`}>
      <input
        type="checkbox"
        name={name}
        value="true"
        defaultChecked={defaultChecked}
        disabled={disabled}
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

/** Codes go by email: without an email server the setting says so and stays off (unless already on, to turn it off). */
function VerifyEmailToggle({ values }: { values: DocumentSettings }) {
  const setting = DOCUMENT_SETTINGS.verify_email;
  const mail = useMailConfigured();
  if (mail || values.verify_email) return <SettingToggle setting={setting} values={values} />;
  return <Toggle name={setting.field} label={setting.label} hint={NO_MAIL_HINT} defaultChecked={false} disabled />;
}

const textareaClass = `${inputClass} min-h-24 resize-y`;

/** An allow or block list: one entry per line, with the count against the limit as it is typed. */
function ListSetting({
  setting,
  values,
  error,
}: {
  setting: typeof DOCUMENT_SETTINGS.allow | typeof DOCUMENT_SETTINGS.block;
  values: DocumentSettings;
  error?: string;
}) {
  const [count, setCount] = useState(values[setting.key].length);
  const over = count > MAX_LIST_ENTRIES;
  return (
    <Field
      id={setting.field}
      label={
        <span className="flex justify-between gap-2">
          {setting.label}
          <span data-testid={`${setting.field}-count`} className={`font-normal ${over ? "text-red-700" : "text-slate-500"}`}>
            {count} of {MAX_LIST_ENTRIES}
          </span>
        </span>
      }
      hint={setting.hint}
      error={error}
    >
      {(control) => (
        <textarea
          {...control}
          name={setting.field}
          rows={4}
          spellCheck={false}
          autoCapitalize="none"
          placeholder={setting.key === "allow" ? "acme.com\njane@partner.io" : "competitor.com"}
          defaultValue={setting.toForm(values[setting.key])}
          onChange={(e) => setCount(new Set(listEntries(e.target.value.toLowerCase())).size)}
          className={textareaClass}
        />
      )}
    </Field>
  );
}

/** The access rules: the defaults every link of the document follows unless it overrides them. */
function AccessRuleFields({ values, errors }: { values: DocumentSettings; errors: Record<string, string> }) {
  const { expires_at: expiry, watermark, agreement } = DOCUMENT_SETTINGS;
  return (
    <fieldset className="space-y-4 sm:col-span-2" aria-describedby="access-rules-hint">
      <legend className="text-sm font-semibold text-slate-900">Access rules</legend>
      <p id="access-rules-hint" className="text-xs text-slate-500">
        Every link of this document follows these unless the link sets its own.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={expiry.field} label={expiry.label} hint={expiry.hint} error={errors[expiry.field]}>
          {(control) => <LocalDateTimeInput control={control} name={expiry.field} defaultValue={values.expires_at} />}
        </Field>
        {/* Level with the date input beside it, not with its label. */}
        <div className="sm:pt-6">
          <VerifyEmailToggle values={values} />
        </div>
        <ListSetting setting={DOCUMENT_SETTINGS.allow} values={values} error={errors.allow} />
        <ListSetting setting={DOCUMENT_SETTINGS.block} values={values} error={errors.block} />
      </div>
      <Field id={watermark.field} label={watermark.label} hint={watermark.hint} error={errors[watermark.field]}>
        {(control) => (
          <Input
            {...control}
            name={watermark.field}
            maxLength={200}
            placeholder="Confidential · {email} · {date}"
            defaultValue={watermark.toForm(values.watermark)}
          />
        )}
      </Field>
      <Field id={agreement.field} label={agreement.label} hint={agreement.hint} error={errors[agreement.field]}>
        {(control) => (
          <textarea
            {...control}
            name={agreement.field}
            rows={3}
            placeholder="I agree to keep this document confidential."
            defaultValue={agreement.toForm(values.agreement)}
            className={textareaClass}
          />
        )}
      </Field>
    </fieldset>
  );
}

/**
 * The controls of every setting in lib/documents/settings-form.ts, shared by upload and the
 * document's settings form; names, labels, defaults and the form ⇄ API conversions come from there.
 */
export function SettingsFields({
  values: given,
  pageCount,
  errors = {},
  passwordSet = false,
}: {
  values: SettingsValues;
  pageCount: number | null;
  errors?: Record<string, string>;
  passwordSet?: boolean;
}) {
  const values: DocumentSettings = { ...DEFAULT_SETTINGS, ...given };
  const { email_gate: emailGateSetting, gate_type: gateTypeSetting, gate_page: gatePageSetting } = DOCUMENT_SETTINGS;
  const [gateType, setGateType] = useState(values.gate_type);
  const [emailGate, setEmailGate] = useState(values.email_gate);
  // Null until typed in: until then it follows the given value (on upload, bounded by the page count once known).
  const [previewPages, setPreviewPages] = useState<string | null>(null);
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
                value={previewPages ?? gatePageSetting.toForm(values.gate_page)}
                onChange={(e) => setPreviewPages(e.target.value)}
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
        hint={passwordSet ? "A password is set. Type a new one to change it." : "Optional, 8 to 128 characters"}
        error={errors.password}
      >
        {(control) => <Input {...control} name="password" type="password" autoComplete="new-password" minLength={8} maxLength={128} />}
      </Field>
      {passwordSet && (
        <Toggle name="clear_password" label="Remove the password" hint="Anyone with the link can open it" defaultChecked={false} />
      )}
      <AccessRuleFields values={values} errors={errors} />
    </div>
  );
}
