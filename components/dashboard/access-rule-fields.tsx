"use client";

import { useState } from "react";
import { Field, inputClass, TextField } from "@/components/ui/field";
import { LocalDateTimeInput } from "@/components/ui/local-date-time-input";
import { Toggle } from "@/components/ui/toggle";
import { listEntries } from "@/lib/documents/access-rule-inputs";
import { DOCUMENT_SETTINGS, type DocumentSettings } from "@/lib/documents/settings-form";
import { MAX_LIST_ENTRIES } from "@/lib/schemas/access-rules";
import { NO_MAIL_HINT, useMailConfigured } from "./mail-context";
import { SettingToggle } from "./setting-toggle";

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

/** The access rules: the defaults every link of the document (or room) follows unless it overrides them. */
export function AccessRuleFields({
  values,
  errors,
  of = "document",
}: {
  values: DocumentSettings;
  errors: Record<string, string>;
  of?: "document" | "room";
}) {
  const { expires_at: expiry, watermark, agreement } = DOCUMENT_SETTINGS;
  return (
    <fieldset className="space-y-4 sm:col-span-2" aria-describedby="access-rules-hint">
      <legend className="text-sm font-semibold text-slate-900">Access rules</legend>
      <p id="access-rules-hint" className="text-xs text-slate-500">
        Every link of this {of} follows these unless the link sets its own.
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
      <TextField
        id={watermark.field}
        label={watermark.label}
        hint={watermark.hint}
        error={errors[watermark.field]}
        name={watermark.field}
        maxLength={200}
        placeholder="Confidential · {email} · {date}"
        defaultValue={watermark.toForm(values.watermark)}
      />
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
