"use client";

import { useState } from "react";
import { Field, inputClass, TextField } from "@/components/ui/field";
import { LocalDateTimeInput } from "@/components/ui/local-date-time-input";
import { Toggle } from "@/components/ui/toggle";
import { listEntries } from "@/lib/documents/access-rule-inputs";
import type { CheckboxSetting, DocumentSettings, Setting, ValueSetting } from "@/lib/documents/settings-form";
import { MAX_LIST_ENTRIES, MAX_WATERMARK_LENGTH } from "@/lib/schemas/access-rules";
import { NO_MAIL_HINT, useMailConfigured } from "./mail-context";

type Props<S> = { setting: S; values: DocumentSettings; error?: string };

const textareaClass = `${inputClass} min-h-24 resize-y`;

/** On or off. One whose codes go by email says so without an email server and stays off (unless already on, to turn it off). */
function Checkbox({ setting, values }: Props<CheckboxSetting<keyof DocumentSettings>>) {
  const mail = useMailConfigured();
  const on = values[setting.key] === true;
  if (setting.needsMail && !mail && !on) {
    return <Toggle name={setting.field} label={setting.label} hint={NO_MAIL_HINT} defaultChecked={false} disabled />;
  }
  return <Toggle name={setting.field} label={setting.label} hint={setting.hint} defaultChecked={on} />;
}

/** A list of emails and domains: one entry per line, with the count against the limit as it is typed. */
function EmailList({ setting, values, error }: Props<ValueSetting<keyof DocumentSettings>>) {
  const [count, setCount] = useState((values[setting.key] as string[] | undefined)?.length ?? 0);
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
          placeholder={setting.placeholder}
          defaultValue={setting.toForm(values[setting.key])}
          onChange={(e) => setCount(new Set(listEntries(e.target.value.toLowerCase())).size)}
          className={textareaClass}
        />
      )}
    </Field>
  );
}

/**
 * One setting's control, of the kind its entry in the table of sharing settings names; labels,
 * hints and the form ⇄ API conversions come from lib/documents/settings-form.ts. The email gate's
 * select and preview pages depend on each other and stand in `EmailGateFields`.
 */
export function SettingControl({ setting, values, error }: Props<Setting>) {
  if (setting.kind === "checkbox") return <Checkbox setting={setting} values={values} />;
  const shown = { id: setting.field, label: setting.label, hint: setting.hint, error };
  switch (setting.kind) {
    case "email-list":
      return <EmailList setting={setting} values={values} error={error} />;
    case "datetime":
      return (
        <Field {...shown}>
          {(control) => <LocalDateTimeInput control={control} name={setting.field} defaultValue={values[setting.key] as string | null} />}
        </Field>
      );
    case "template":
      return (
        <TextField
          {...shown}
          name={setting.field}
          maxLength={MAX_WATERMARK_LENGTH}
          placeholder={setting.placeholder}
          defaultValue={setting.toForm(values[setting.key])}
        />
      );
    case "terms":
      return (
        <Field {...shown}>
          {(control) => (
            <textarea
              {...control}
              name={setting.field}
              rows={3}
              placeholder={setting.placeholder}
              defaultValue={setting.toForm(values[setting.key])}
              className={textareaClass}
            />
          )}
        </Field>
      );
    case "select":
    case "preview-pages":
      return null;
  }
}
