import { shownSettings } from "./link-form-fields";
import type { FieldsProps } from "./link-override-choice";
import { LinkSettingField } from "./link-setting-field";
import { useMailConfigured } from "./mail-context";

/** The rules most links leave to the document, folded away unless one of them was refused. */
export function LinkMoreRules({ keys, ...fields }: FieldsProps & { keys?: readonly string[] }) {
  const mail = useMailConfigured();
  const rules = shownSettings(keys).filter((setting) => !setting.main);
  return (
    <details className="rounded-md border border-slate-200 px-3 py-2" open={rules.some((setting) => fields.errors[setting.key])}>
      <summary className="cursor-pointer text-sm font-medium text-slate-800">More rules</summary>
      <div className="mt-3 space-y-4">
        {rules.map((setting) => (
          <LinkSettingField key={setting.key} setting={setting} editing mail={mail} {...fields} />
        ))}
      </div>
    </details>
  );
}
