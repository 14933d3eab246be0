import { TextField } from "@/components/ui/field";
import { LINK_FORM_SETTINGS } from "@/lib/schemas/link-form-settings";
import type { FieldsProps } from "./link-override-choice";
import { LinkSettingField } from "./link-setting-field";
import { useMailConfigured } from "./mail-context";

/** The settings a link's form shows: every one links' forms ask, or those of them in `keys` (a room's). */
export const shownSettings = (keys?: readonly string[]) => LINK_FORM_SETTINGS.filter((setting) => !keys || keys.includes(setting.key));

/** The link's name and its main rules (the settings marked main: the email gate, downloads, password, expiry). */
export function LinkMainFields({
  id,
  name,
  editing,
  keys,
  ...fields
}: FieldsProps & { name: string; editing: boolean; keys?: readonly string[] }) {
  const mail = useMailConfigured();
  return (
    <>
      <TextField
        id={`${id}-name`}
        label="Name"
        hint="Who the link is for, e.g. “Sequoia — Jane”"
        error={fields.errors.name}
        name="name"
        defaultValue={name}
        maxLength={100}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {shownSettings(keys)
          .filter((setting) => setting.main)
          .map((setting) => (
            <LinkSettingField key={setting.key} id={id} setting={setting} editing={editing} mail={mail} {...fields} />
          ))}
      </div>
    </>
  );
}
