"use client";

import { TextField } from "@/components/ui/field";
import { Toggle } from "@/components/ui/toggle";
import { DEFAULT_SETTINGS, type DocumentSettings, PASSWORD_FIELD, type SettingsValues, settingsIn } from "@/lib/documents/settings-form";
import { AccessRuleFields } from "./access-rule-fields";
import { EmailGateFields } from "./email-gate-fields";
import { SettingControl } from "./setting-control";

/**
 * The controls of every setting, shared by upload and the document's settings form, group by group
 * in the order of the table of sharing settings (lib/schemas/sharing-settings.ts): the email gate,
 * the reading options, the password, the access rules. Names, labels, defaults and the form ⇄ API
 * conversions come from lib/documents/settings-form.ts.
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
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <EmailGateFields values={values} pageCount={pageCount} errors={errors} />
      {settingsIn("reading").map((setting) => (
        <SettingControl key={setting.key} setting={setting} values={values} error={errors[setting.field]} />
      ))}
      <TextField
        id={PASSWORD_FIELD.field}
        label={PASSWORD_FIELD.label}
        hint={passwordSet ? "A password is set. Type a new one to change it." : "Optional, 8 to 128 characters"}
        error={errors[PASSWORD_FIELD.field]}
        name={PASSWORD_FIELD.field}
        type="password"
        autoComplete="new-password"
        minLength={8}
        maxLength={128}
      />
      {passwordSet && (
        <Toggle name="clear_password" label="Remove the password" hint="Anyone with the link can open it" defaultChecked={false} />
      )}
      <AccessRuleFields values={values} errors={errors} />
    </div>
  );
}
