import { Field, inputClass, TextField } from "@/components/ui/field";
import { LocalDateTimeInput } from "@/components/ui/local-date-time-input";
import type { Options } from "@/components/ui/select";
import { choiceField } from "@/lib/dashboard/link-form-input";
import type { LinkFormSetting } from "@/lib/schemas/link-form-settings";
import { ChoiceField, type FieldsProps, onOff, tri } from "./link-override-choice";
import { NO_MAIL_HINT } from "./mail-context";

type Props = Omit<FieldsProps, "id"> & { id: string; setting: LinkFormSetting; editing: boolean; mail: boolean };

/**
 * One setting of a link's form, as its entry in the sharing settings says: a choice between
 * following the document (or room) and overriding it, with the field its value needs. A blank
 * list or text follows.
 */
export function LinkSettingField({ id, setting, overrides: o, errors, follows = "document", editing, mail }: Props) {
  const { key, label } = setting;
  const own = o as Record<string, unknown>;
  const empty = `empty follows the ${follows}`;
  switch (setting.control) {
    case "checkbox": {
      const [on, off] = setting.choices ?? ["On", "Off"];
      const value = own[key] as boolean | undefined;
      // Without an email server only "on" is out of reach: a link already on can still be turned off.
      const options = onOff(on, off, follows).filter(([choice]) => !setting.needsMail || mail || choice !== "on" || value === true);
      return (
        <ChoiceField
          id={`${id}-${key}`}
          label={label}
          hint={setting.needsMail && !mail ? NO_MAIL_HINT : undefined}
          name={key}
          defaultValue={tri(value)}
          options={options}
        />
      );
    }
    case "datetime":
      return (
        <>
          <ChoiceField
            id={`${id}-${key}-mode`}
            label={label}
            name={choiceField(key)}
            defaultValue={!(key in own) ? "document" : own[key] ? "at" : "never"}
            options={[
              ["document", `Follow the ${follows}`],
              ["never", "Never expires"],
              ["at", "Expires at"],
            ]}
          />
          <Field id={`${id}-${key}`} label={`${label} date and time (your local time)`} error={errors[key]}>
            {(control) => <LocalDateTimeInput control={control} name={key} defaultValue={(own[key] as string | null) ?? null} />}
          </Field>
        </>
      );
    case "password":
      return (
        <>
          <ChoiceField
            id={`${id}-${key}-mode`}
            label={label}
            name={choiceField(key)}
            defaultValue={key in own ? "keep" : "document"}
            options={[
              ["document", `Follow the ${follows}`],
              ["none", "No password"],
              ...(editing && key in own ? ([["keep", "Keep this link's setting"]] as Options) : []),
              ["set", "Set a new password"],
            ]}
          />
          <TextField
            id={`${id}-${key}`}
            label="New password"
            hint="With “Set a new password”: 8 to 128 characters"
            error={errors[key]}
            type="password"
            name={key}
            autoComplete="new-password"
            maxLength={128}
          />
        </>
      );
    case "email-list":
      return (
        <Field id={`${id}-${key}`} label={label} hint={`Emails or domains, one per line; ${empty}`} error={errors[key]}>
          {(control) => (
            <textarea
              {...control}
              name={key}
              rows={2}
              defaultValue={((own[key] as string[] | undefined) ?? []).join("\n")}
              className={inputClass}
            />
          )}
        </Field>
      );
    case "template":
      return (
        <TextField
          id={`${id}-${key}`}
          label={label}
          hint={`{email}, {date} and {ip} are filled in; ${empty}`}
          error={errors[key]}
          name={key}
          defaultValue={(own[key] as string | undefined) ?? ""}
          maxLength={200}
        />
      );
    default:
      return (
        <Field id={`${id}-${key}`} label={label} hint={`Text or an https:// link readers accept first; ${empty}`} error={errors[key]}>
          {(control) => (
            <textarea {...control} name={key} rows={3} defaultValue={(own[key] as string | undefined) ?? ""} className={inputClass} />
          )}
        </Field>
      );
  }
}
