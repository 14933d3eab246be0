import { Toggle } from "@/components/ui/toggle";
import type { CheckboxKey, CheckboxSetting, DocumentSettings } from "@/lib/documents/settings-form";

/** One on/off document setting, named and explained by lib/documents/settings-form.ts. */
export function SettingToggle({ setting, values }: { setting: CheckboxSetting<CheckboxKey>; values: DocumentSettings }) {
  return <Toggle name={setting.field} label={setting.label} hint={setting.hint} defaultChecked={values[setting.key]} />;
}
