"use client";

import { TextField } from "@/components/ui/field";
import { Toggle } from "@/components/ui/toggle";
import { DEFAULT_SETTINGS, DOCUMENT_SETTINGS, type DocumentSettings, type SettingsValues } from "@/lib/documents/settings-form";
import { AccessRuleFields } from "./access-rule-fields";
import { EmailGateFields } from "./email-gate-fields";
import { SettingToggle } from "./setting-toggle";

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
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <EmailGateFields values={values} pageCount={pageCount} errors={errors} />
      <SettingToggle setting={DOCUMENT_SETTINGS.allow_download} values={values} />
      <SettingToggle setting={DOCUMENT_SETTINGS.block_free_emails} values={values} />
      <SettingToggle setting={DOCUMENT_SETTINGS.notifications_enabled} values={values} />
      <TextField
        id="password"
        label="Password"
        hint={passwordSet ? "A password is set. Type a new one to change it." : "Optional, 8 to 128 characters"}
        error={errors.password}
        name="password"
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
