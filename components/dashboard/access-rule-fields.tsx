"use client";

import { type DocumentSettings, type Setting, settingsIn } from "@/lib/documents/settings-form";
import { SettingControl } from "./setting-control";

const RULES = settingsIn("access-rules");
/** Long texts take the fieldset's full width, below the grid of the others. */
const wide = (setting: Setting) => setting.kind === "template" || setting.kind === "terms";

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
  const control = (setting: Setting) => (
    <SettingControl key={setting.key} setting={setting} values={values} error={errors[setting.field]} />
  );
  return (
    <fieldset className="space-y-4 sm:col-span-2" aria-describedby="access-rules-hint">
      <legend className="text-sm font-semibold text-slate-900">Access rules</legend>
      <p id="access-rules-hint" className="text-xs text-slate-500">
        Every link of this {of} follows these unless the link sets its own.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {RULES.filter((setting) => !wide(setting)).map((setting) =>
          setting.kind === "checkbox" ? (
            // Level with the input beside it, not with its label.
            <div key={setting.key} className="sm:pt-6">
              {control(setting)}
            </div>
          ) : (
            control(setting)
          ),
        )}
      </div>
      {RULES.filter(wide).map(control)}
    </fieldset>
  );
}
